import { crmFeature, crmModule, crmPermission, crmRole } from '@app/contract/resources/crm-access';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { crmFeatures, crmModules, crmPermissions, crmRoles } from '../../db/schema/crm-access';
import { resourceRepository } from '../../engine/repository';

export const moduleRepository = resourceRepository(crmModule, crmModules);
export const featureRepository = resourceRepository(crmFeature, crmFeatures);
export const permissionRepository = resourceRepository(crmPermission, crmPermissions);
export const roleRepository = resourceRepository(crmRole, crmRoles);

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
