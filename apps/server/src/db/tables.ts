import type { PgTable } from 'drizzle-orm/pg-core';
import { crmFeatures, crmModules, crmPermissions, crmRoles } from './schema/crm-access';
import { organisations } from './schema/organisations';
import { entityLogs } from './schema/services';
import { users } from './schema/users';

/** The table behind each resource definition's `table` name. */
export const resourceTables: Record<string, PgTable> = {
  organisations,
  users,
  crm_modules: crmModules,
  crm_features: crmFeatures,
  crm_permissions: crmPermissions,
  crm_roles: crmRoles,
  entity_logs: entityLogs,
};
