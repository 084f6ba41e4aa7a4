import { crmFeature, crmModule, crmPermission, crmRole } from '@app/contract/resources/crm-access';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { crmFeatures, crmModules, crmPermissions, crmRoles } from '../../db/schema/crm-access';
import { forbidden } from '../../engine/errors';
import { resourceRepository } from '../../engine/repository';

export const moduleRepository = resourceRepository(crmModule, crmModules);
export const featureRepository = resourceRepository(crmFeature, crmFeatures);
export const permissionRepository = resourceRepository(crmPermission, crmPermissions);

/**
 * The built-in Organisation admin role is what makes its holders unrestricted: nobody changes,
 * reassigns or deletes it, whatever the call (single, bulk, a workflow, an import), so the rule is
 * the role repository's own. Only the organisation's creation writes it.
 */
export const refuseBuiltInRole = (row: { isOrganisationAdmin?: boolean | null }, write: 'change' | 'delete') => {
  if (row.isOrganisationAdmin) {
    throw forbidden(write === 'delete' ? 'The Organisation admin role cannot be deleted' : 'The Organisation admin role cannot be changed');
  }
};

const roles = resourceRepository(crmRole, crmRoles);
export const roleRepository: typeof roles = {
  ...roles,
  update: async (db, input) => {
    refuseBuiltInRole(await roles.get(db, input.scope, input.id), 'change');
    return roles.update(db, input);
  },
  assignOwner: async (db, input) => {
    refuseBuiltInRole(await roles.get(db, input.scope, input.id), 'change');
    return roles.assignOwner(db, input);
  },
  remove: async (db, input) => {
    refuseBuiltInRole(await roles.get(db, input.scope, input.id), 'delete');
    return roles.remove(db, input);
  },
};

/** The roles among `roleIds` that are live and belong to the organisation. */
export const rolesOfOrganisation = (db: Executor, organisationId: string, roleIds: string[]) =>
  roleIds.length === 0
    ? Promise.resolve([])
    : db
        .select({ id: crmRoles.id, isOrganisationAdmin: crmRoles.isOrganisationAdmin })
        .from(crmRoles)
        .where(and(inArray(crmRoles.id, roleIds), eq(crmRoles.organisationId, organisationId), eq(crmRoles.isDeleted, false)));

export const livePermissionIds = async (db: Executor, ids: string[]) =>
  ids.length === 0
    ? []
    : (
        await db
          .select({ id: crmPermissions.id })
          .from(crmPermissions)
          .where(and(inArray(crmPermissions.id, ids), eq(crmPermissions.isDeleted, false)))
      ).map((row) => row.id);

/** Whether the organisation has its built-in Organisation admin role (every organisation does, from its creation on). */
export const hasBuiltInRole = async (db: Executor, organisationId: string) => {
  const [role] = await db
    .select({ id: crmRoles.id })
    .from(crmRoles)
    .where(and(eq(crmRoles.organisationId, organisationId), eq(crmRoles.isOrganisationAdmin, true)))
    .limit(1);
  return role !== undefined;
};
