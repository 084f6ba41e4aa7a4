import type { FastifyInstance } from 'fastify';
import type { Caller } from '../../engine/context';
import { badRequest, forbidden } from '../../engine/errors';
import { registerResource } from '../../engine/register-resource';
import { assertMayChangeRole, assertMayGrant } from './authority';
import { featureRepository, livePermissionIds, moduleRepository, permissionRepository, roleRepository } from './repository';

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
  const afterWrite = () => app.services.invalidation.publish('access');
  registerResource(app, moduleRepository, { afterWrite });

  registerResource(app, featureRepository, {
    afterWrite,
    handlers: {
      create: async ({ db, caller, scope, input }) => {
        await moduleRepository.get(db, {}, input.moduleId);
        return featureRepository.create(db, { caller, scope, values: input });
      },
      update: async ({ db, caller, scope, input: { _id, ...values } }) => {
        if (values.moduleId) await moduleRepository.get(db, {}, values.moduleId);
        return featureRepository.update(db, { caller, scope, id: _id, values });
      },
    },
  });

  const checkFeatureOfModule = async (db: Parameters<typeof livePermissionIds>[0], moduleId: string, featureId: string) => {
    await moduleRepository.get(db, {}, moduleId);
    const feature = await featureRepository.get(db, {}, featureId);
    if (feature.moduleId !== moduleId) {
      throw badRequest('The feature does not belong to the module', [
        { field: 'featureId', message: 'The feature does not belong to the module' },
      ]);
    }
  };
  registerResource(app, permissionRepository, {
    afterWrite,
    handlers: {
      create: async ({ db, caller, scope, input }) => {
        await checkFeatureOfModule(db, input.moduleId, input.featureId);
        return permissionRepository.create(db, { caller, scope, values: input });
      },
      update: async ({ db, caller, scope, input: { _id, ...values } }) => {
        const before = await permissionRepository.get(db, scope, _id);
        await checkFeatureOfModule(db, values.moduleId ?? before.moduleId, values.featureId ?? before.featureId);
        return permissionRepository.update(db, { caller, scope, id: _id, values });
      },
    },
  });

  registerResource(app, roleRepository, {
    afterWrite,
    handlers: {
      create: async ({ db, caller, scope, input }) => {
        await checkPermissionIds(db, input.permissions);
        await assertMayGrant(db, caller as Caller, input.permissions);
        return roleRepository.create(db, { caller, scope, values: { ...input, isOrganisationAdmin: false } });
      },
      update: async ({ db, caller, scope, input: { _id, ...values } }) => {
        const before = await roleRepository.get(db, scope, _id);
        if (before.isOrganisationAdmin) throw forbidden('The Organisation admin role cannot be changed');
        await assertMayChangeRole(db, caller as Caller, roleOf(before));
        await checkPermissionIds(db, values.permissions);
        await assertMayGrant(db, caller as Caller, values.permissions);
        return roleRepository.update(db, { caller, scope, id: _id, values });
      },
      remove: async ({ db, caller, scope, input }) => {
        const before = await roleRepository.get(db, scope, input._id);
        if (before.isOrganisationAdmin) throw forbidden('The Organisation admin role cannot be deleted');
        await assertMayChangeRole(db, caller as Caller, roleOf(before));
        return roleRepository.remove(db, { caller, scope, id: input._id });
      },
    },
  });
};
