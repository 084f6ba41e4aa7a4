import { crmEntityNames, extraFeatures } from '@app/contract/access';
import { client } from '@app/contract/resources/crm/client';
import { crmFeature, crmPermission } from '@app/contract/resources/crm-access';
import { describe, expect, it } from 'vitest';
import { aRole } from './support/access';
import { call, type TestApp } from './support/test-app';
import { aStaffMember, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

type Permission = { _id: string; featureId: string; access_level: string; conditions: { scope: string } };

/** The catalogue as an organisation's admin reads it (the role grid is built from this). */
const catalogue = async (token: string) => {
  const features = (await call(t.app, crmFeature.calls.list!, { limit: 'ALL' }, token)).body.data.results as {
    _id: string;
    title: string;
  }[];
  const permissions = (await call(t.app, crmPermission.calls.list!, { limit: 'ALL' }, token)).body.data.results as Permission[];
  return { features, permissions };
};

describe('the default catalogue', () => {
  it('holds every level and scope on every feature, so an admin builds any role without the super admin', async () => {
    const { features, permissions } = await catalogue(w.orgA.adminToken);
    const seeded = crmEntityNames.flatMap((name) => [name, ...(extraFeatures[name] ?? [])]);
    for (const title of seeded) {
      const feature = features.find((f) => f.title === title);
      expect(feature, title).toBeDefined();
      const combos = new Set(permissions.filter((p) => p.featureId === feature?._id).map((p) => `${p.access_level}/${p.conditions.scope}`));
      for (const level of ['READ', 'WRITE', 'FULL']) {
        for (const scope of ['OWN', 'TEAM', 'ALL']) expect(combos.has(`${level}/${scope}`), `${title} ${level} ${scope}`).toBe(true);
      }
    }
  });

  it('lets an organisation admin give "Edit" on clients from it, and its holder add a client', async () => {
    const { features, permissions } = await catalogue(w.orgA.adminToken);
    const clients = features.find((f) => f.title === 'Client');
    const edit = permissions.find((p) => p.featureId === clients?._id && p.access_level === 'WRITE' && p.conditions.scope === 'ALL');
    const role = await aRole(t.app, w.orgA.adminToken, [edit?._id as string]);
    const staff = await aStaffMember(t.app, w.orgA.adminToken, { roleIds: [role] });
    const created = await call(t.app, client.calls.create!, { name: 'Grid-given Ltd', email: 'hello@grid-given.example' }, staff.token);
    expect(created.status, created.body.message).toBe(200);
    // Edit is not delete.
    expect((await call(t.app, client.calls.remove!, { _id: created.body.data._id }, staff.token)).status).toBe(403);
  });

  it('stays the super admin’s to add to (403 for an organisation admin)', async () => {
    const { features } = await catalogue(w.orgA.adminToken);
    const feature = features[0] as { _id: string; moduleId?: string };
    const refused = await call(
      t.app,
      crmPermission.calls.create!,
      { moduleId: feature.moduleId ?? feature._id, featureId: feature._id, access_level: 'READ' },
      w.orgA.adminToken,
    );
    expect(refused.status).toBe(403);
  });
});
