import type { AccessLevel } from '@app/contract/access';
import type { permissionConditions } from '@app/contract/resources/crm-access';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns, jsonOf } from './columns';

export const crmModules = pgTable('crm_modules', { ...baseColumns(), title: text().notNull(), value: text().notNull() }, (t) => [
  uniqueIndex('crm_modules_value_live').on(t.value).where(sql`not ${t.isDeleted}`),
]);

export const crmFeatures = pgTable(
  'crm_features',
  {
    ...baseColumns(),
    title: text().notNull(),
    value: text().notNull(),
    modelName: text().notNull(),
    moduleId: text().notNull(),
  },
  (t) => [uniqueIndex('crm_features_value_live').on(t.moduleId, t.value).where(sql`not ${t.isDeleted}`)],
);

export const crmPermissions = pgTable(
  'crm_permissions',
  {
    ...baseColumns(),
    title: text(),
    moduleId: text().notNull(),
    featureId: text().notNull(),
    access_level: text('access_level').$type<AccessLevel>().notNull(),
    conditions: jsonOf<typeof permissionConditions>().notNull().default({ scope: 'ALL' }),
  },
  (t) => [index('crm_permissions_module').on(t.moduleId, t.featureId)],
);

export const crmRoles = pgTable(
  'crm_roles',
  {
    ...baseColumns(),
    title: text().notNull(),
    value: text().notNull(),
    permissions: jsonb().$type<string[]>().notNull().default([]),
    isOrganisationAdmin: boolean().notNull().default(false),
  },
  (t) => [
    uniqueIndex('crm_roles_value_live').on(t.organisationId, t.value).where(sql`not ${t.isDeleted}`),
    // Staff name their roles by id (a JSON list, checked by the engine): keyed by organisation for tenant references.
    uniqueIndex('crm_roles_organisation_id').on(t.organisationId, t.id),
  ],
);
