import { crmFeature, crmPermission, crmRole } from '@app/contract/resources/crm-access';
import type { FastifyInstance } from 'fastify';
import { newId } from '../../src/engine/ids';
import { call } from './test-app';

/**
 * The id of a permission on a feature (by title) at a level and scope: the catalogue's own for
 * scope ALL, else one the super admin adds.
 */
export const permissionId = async (
  app: FastifyInstance,
  rootToken: string,
  input: { feature: string; level: 'NONE' | 'READ' | 'WRITE' | 'FULL'; scope?: 'OWN' | 'TEAM' | 'ALL' },
) => {
  const scope = input.scope ?? 'ALL';
  const features = await call(app, crmFeature.calls.list!, { limit: 'ALL', search: input.feature }, rootToken);
  const feature = features.body.data.results.find((r: { title: string }) => r.title === input.feature);
  if (!feature) throw new Error(`no feature ${input.feature}`);
  if (scope === 'ALL') {
    const existing = await call(
      app,
      crmPermission.calls.list!,
      { limit: 'ALL', filter: { featureId: feature._id, access_level: input.level } },
      rootToken,
    );
    const all = existing.body.data.results.find((p: { conditions: { scope: string } }) => p.conditions.scope === 'ALL');
    if (all) return all._id as string;
  }
  const created = await call(
    app,
    crmPermission.calls.create!,
    { moduleId: feature.moduleId, featureId: feature._id, access_level: input.level, conditions: { scope } },
    rootToken,
  );
  if (created.status !== 200) throw new Error(`permission not created: ${created.body.message}`);
  return created.body.data._id as string;
};

/** A role of the organisation whose admin (or allowed staff member) `token` belongs to. */
export const aRole = async (app: FastifyInstance, token: string, permissions: string[], title = `Role ${newId()}`) => {
  const { status, body } = await call(app, crmRole.calls.create!, { title, value: newId(), permissions }, token);
  if (status !== 200) throw new Error(`role not created: ${status} ${body.message}`);
  return body.data._id as string;
};
