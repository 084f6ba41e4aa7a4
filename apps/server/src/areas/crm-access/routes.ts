import type { FastifyInstance } from 'fastify';
import { type Caller, unscoped } from '../../engine/context';
import { badRequest } from '../../engine/errors';
import { registerResource } from '../../engine/register-resource';
import type { Services } from '../../services/services';
import { assertMayChangeRole, assertMayGrant } from './authority';
import {
  featureRepository,
  hasBuiltInRole,
  livePermissionIds,
  moduleRepository,
  permissionRepository,
  refuseBuiltInRole,
  roleRepository,
} from './repository';

const checkPermissionIds = async (db: Parameters<typeof livePermissionIds>[0], ids: string[] | undefined) => {
  if (!ids || ids.length === 0) return;
  const live = await livePermissionIds(db, ids);
  if (live.length !== ids.length) {
    throw badRequest('Please select valid permissions', [{ field: 'permissions', message: 'Please select valid permissions' }]);
  }
};

const roleOf = (row: Record<string, unknown>) => ({
  id: row.id as string,
  organisationId: row.organisationId as string,
  permissions: row.permissions as string[],
});

export const registerCrmAccess = (app: FastifyInstance) => {
  // Roles, permissions, modules and features decide every profile: each process drops them all.
  const afterCommit = ({ services }: { services: Services }) => services.invalidation.publish('access');
  const catalogue = unscoped('the module, feature and permission catalogue is the same for every organisation');
  registerResource(app, moduleRepository, { hooks: { afterCommit } });

  registerResource(app, featureRepository, {
    hooks: {
      afterCommit,
      beforeCreate: async ({ db, values }) => {
        await moduleRepository.get(db, catalogue, values.moduleId);
        return values;
      },
      beforeUpdate: async ({ db, values }) => {
        if (values.moduleId) await moduleRepository.get(db, catalogue, values.moduleId);
        return values;
      },
    },
  });

  const checkFeatureOfModule = async (db: Parameters<typeof livePermissionIds>[0], moduleId: string, featureId: string) => {
    await moduleRepository.get(db, catalogue, moduleId);
    const feature = await featureRepository.get(db, catalogue, featureId);
    if (feature.moduleId !== moduleId) {
      throw badRequest('The feature does not belong to the module', [
        { field: 'featureId', message: 'The feature does not belong to the module' },
      ]);
    }
  };
  registerResource(app, permissionRepository, {
    hooks: {
      afterCommit,
      beforeCreate: async ({ db, values }) => {
        await checkFeatureOfModule(db, values.moduleId, values.featureId);
        return values;
      },
      beforeUpdate: async ({ db, values, before }) => {
        await checkFeatureOfModule(db, values.moduleId ?? (before.moduleId as string), values.featureId ?? (before.featureId as string));
        return values;
      },
    },
  });

  registerResource(app, roleRepository, {
    hooks: {
      afterCommit,
      beforeCreate: async ({ db, caller, scope, values }) => {
        // The built-in role is written once, with its organisation (organisations/routes.ts): any
        // later create, by whoever and whatever path, makes an ordinary role.
        if (values.isOrganisationAdmin && scope.organisationId && !(await hasBuiltInRole(db, scope.organisationId))) return values;
        await checkPermissionIds(db, values.permissions);
        await assertMayGrant(db, caller as Caller, values.permissions);
        return { ...values, isOrganisationAdmin: false };
      },
      beforeUpdate: async ({ db, caller, values, before }) => {
        refuseBuiltInRole(before, 'change');
        await assertMayChangeRole(db, caller as Caller, roleOf(before));
        await checkPermissionIds(db, values.permissions);
        await assertMayGrant(db, caller as Caller, values.permissions);
        return values;
      },
      beforeRemove: async ({ db, caller, before }) => {
        refuseBuiltInRole(before, 'delete');
        await assertMayChangeRole(db, caller as Caller, roleOf(before));
      },
    },
  });
};
