import type { ResourceDefinition } from '../define-resource';
import { crmFeature, crmModule, crmPermission, crmRole } from './crm-access';
import { entityLog } from './entity-log';
import { organisation } from './organisation';
import { organisationStaff } from './organisation-staff';

/** Every resource definition, in the order the API docs list them. */
export const resources: readonly ResourceDefinition[] = [
  organisation,
  organisationStaff,
  crmModule,
  crmFeature,
  crmPermission,
  crmRole,
  entityLog,
];
