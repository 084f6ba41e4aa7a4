import { z } from 'zod';
import { accessLevels, accessScopes } from '../access';
import { mongoId } from '../conventions/ids';
import { filterDateRange, filterId, filterValue } from '../conventions/list';
import { defineResource } from '../define-resource';
import { unscoped } from '../scope-policy';

const title = z.string({ error: 'Please provide title' }).trim().min(1, 'Please provide title').max(200);
const value = z.string({ error: 'Please provide value' }).trim().min(1, 'Please provide value').max(200);
const catalogueReaders = ['ADMIN', 'CRM_USER', 'SUPER_ADMIN'] as const;
/** Staff read the catalogue to build roles from: it is the same for every organisation and holds none of their data. */
const catalogue = [unscoped('the catalogue roles are built from, the same for every organisation')];

const moduleFields = z.object({ title, value });
export const crmModule = defineResource({
  name: 'Module',
  policies: catalogue,
  table: 'crm_modules',
  tenancy: 'platform',
  labelField: 'title',
  fields: moduleFields,
  create: moduleFields.strict(),
  update: moduleFields.partial().extend({ _id: mongoId() }).strict(),
  search: ['title', 'value'],
  filters: {},
  unique: [{ fields: ['value'], message: 'A module with this value already exists' }],
  screen: { area: 'admin', path: 'modules', menu: { group: 'CRM', label: 'CRM modules', icon: 'layout-grid', order: 170 } },
  calls: {
    create: { method: 'POST', path: '/crm/modules/', who: ['SUPER_ADMIN'] },
    update: { method: 'PUT', path: '/crm/modules/', who: ['SUPER_ADMIN'] },
    list: { method: 'POST', path: '/crm/modules/list', who: catalogueReaders },
    remove: { method: 'PUT', path: '/crm/modules/delete', who: ['SUPER_ADMIN'] },
  },
});

const featureFields = z.object({
  title,
  value,
  modelName: z.string({ error: 'Please provide model name' }).trim().min(1, 'Please provide model name').max(200),
  moduleId: mongoId('moduleId'),
});
export const crmFeature = defineResource({
  name: 'Feature',
  policies: catalogue,
  table: 'crm_features',
  tenancy: 'platform',
  labelField: 'title',
  references: { moduleId: { resource: 'Module', expandAs: 'module' } },
  fields: featureFields,
  create: featureFields.strict(),
  update: featureFields.partial().extend({ _id: mongoId() }).strict(),
  search: ['title', 'value', 'modelName'],
  filters: { moduleId: filterId('moduleId') },
  unique: [{ fields: ['moduleId', 'value'], message: 'This module already has a feature with this value' }],
  screen: { area: 'admin', path: 'features', menu: { group: 'CRM', label: 'Features', icon: 'list-check', order: 180 } },
  calls: {
    create: { method: 'POST', path: '/crm/features/', who: ['SUPER_ADMIN'] },
    update: { method: 'PUT', path: '/crm/features/', who: ['SUPER_ADMIN'] },
    list: { method: 'POST', path: '/crm/features/list', who: catalogueReaders },
    remove: { method: 'PUT', path: '/crm/features/delete', who: ['SUPER_ADMIN'] },
  },
});

export const accessLevel = z.enum(accessLevels, { error: 'Please provide access level' });
export const permissionConditions = z
  .object({ scope: z.enum(accessScopes, { error: 'scope must be OWN, TEAM or ALL' }).default('ALL') })
  .strict();

const permissionFields = z.object({
  title: z.string().trim().max(200).optional().nullable(),
  moduleId: mongoId('moduleId'),
  featureId: mongoId('featureId'),
  access_level: accessLevel,
  conditions: permissionConditions.default({ scope: 'ALL' }),
});
export const crmPermission = defineResource({
  name: 'Permission',
  policies: catalogue,
  table: 'crm_permissions',
  tenancy: 'platform',
  labelField: 'title',
  references: {
    moduleId: { resource: 'Module', expandAs: 'module' },
    featureId: { resource: 'Feature', expandAs: 'feature' },
  },
  fields: permissionFields,
  create: permissionFields.strict(),
  update: permissionFields.partial().extend({ _id: mongoId() }).strict(),
  search: ['title', 'access_level'],
  filters: { moduleId: filterId('moduleId'), featureId: filterId('featureId'), access_level: filterValue(accessLevel) },
  screen: { area: 'admin', path: 'permissions', menu: { group: 'CRM', label: 'Permissions', icon: 'key', order: 190 } },
  calls: {
    create: { method: 'POST', path: '/crm/permissions/', who: ['SUPER_ADMIN'] },
    update: { method: 'PUT', path: '/crm/permissions/', who: ['SUPER_ADMIN'] },
    list: { method: 'POST', path: '/crm/permissions/list', who: catalogueReaders },
    remove: { method: 'PUT', path: '/crm/permissions/delete', who: ['SUPER_ADMIN'] },
  },
});

/** Roles may name permissions by id or as permission objects with an `_id`. */
const permissionRefs = z
  .array(z.union([mongoId('permissionId'), z.object({ _id: mongoId('permissionId') }).loose()]))
  .max(500)
  .transform((refs) => [...new Set(refs.map((ref) => (typeof ref === 'string' ? ref : ref._id)))]);

const roleEditable = z.object({ title, value, permissions: permissionRefs.default([]) });
export const crmRole = defineResource({
  name: 'Role',
  table: 'crm_roles',
  tenancy: 'organisation',
  labelField: 'title',
  references: { permissions: { resource: 'Permission' } },
  access: { module: 'OrganisationStaff', feature: 'Roles' },
  fields: z.object({
    title,
    value,
    permissions: z.array(mongoId('permissionId')),
    isOrganisationAdmin: z.boolean(),
    organisationId: mongoId('organisationId'),
  }),
  create: roleEditable
    .extend({
      /** Only a platform admin names the organisation; staff always add to their own. */
      organisationId: mongoId('organisationId').optional(),
    })
    .strict(),
  update: roleEditable.partial().extend({ _id: mongoId() }).strict(),
  search: ['title', 'value'],
  filters: { organisationId: filterId('organisationId'), createdAt: filterDateRange },
  unique: [{ fields: ['organisationId', 'value'], message: 'A role with this value already exists' }],
  screen: [
    { area: 'crm', path: 'roles', records: 'page', menu: { label: 'Roles', icon: 'shield-lock', order: 110 } },
    { area: 'admin', path: 'roles', menu: { group: 'CRM', label: 'Roles', icon: 'shield-lock', order: 200 } },
  ],
  calls: {
    create: { method: 'POST', path: '/crm/roles/', who: ['SUPER_ADMIN', 'CRM_USER', 'ADMIN'] },
    update: { method: 'PUT', path: '/crm/roles/', who: ['SUPER_ADMIN', 'CRM_USER', 'ADMIN'] },
    list: { method: 'POST', path: '/crm/roles/list', who: catalogueReaders },
    remove: { method: 'PUT', path: '/crm/roles/delete', who: ['SUPER_ADMIN'] },
  },
});
