import { accessScopes, crmEntityNames, extraFeatures, moduleValue } from '@app/contract/access';
import { eq } from 'drizzle-orm';
import { newId } from '../engine/ids';
import type { Db } from './client';
import { crmFeatures, crmModules, crmPermissions } from './schema/crm-access';

const seededLevels = ['READ', 'WRITE', 'FULL'] as const;
const levelWords = { READ: 'view', WRITE: 'view and edit', FULL: 'view, edit and delete' } as const;
const scopeWords = { OWN: ' (own records)', TEAM: ' (team’s records)', ALL: '' } as const;

/**
 * The default CRM catalogue: one module per CRM entity name (crm.md §3), a feature named after it
 * (plus a few extra ones), and a permission for each level (view, edit, full) and scope (own, team,
 * all) on each feature, so an organisation's admin can build any role from the grid at once (only
 * the super admin may add permissions). Adds only what has never been there: a row a super admin
 * edited or deleted is left as it is.
 */
export const seedCatalogue = async (db: Db) => {
  await db.transaction(async (tx) => {
    const modules = await tx.select().from(crmModules).where(eq(crmModules.isDeleted, false));
    const features = await tx.select().from(crmFeatures).where(eq(crmFeatures.isDeleted, false));
    // Deleted ones count: a permission the super admin removed is not put back.
    const permissions = await tx
      .select({ featureId: crmPermissions.featureId, level: crmPermissions.access_level, conditions: crmPermissions.conditions })
      .from(crmPermissions);
    const held = new Set(permissions.map((p) => `${p.featureId}/${p.level}/${p.conditions?.scope ?? 'ALL'}`));
    const moduleIds = new Map(modules.map((m) => [m.value, m.id]));
    for (const name of crmEntityNames) {
      const value = moduleValue(name);
      let moduleId = moduleIds.get(value);
      if (!moduleId) {
        moduleId = newId();
        await tx.insert(crmModules).values({ id: moduleId, title: name, value });
      }
      for (const featureTitle of [name, ...(extraFeatures[name] ?? [])]) {
        const featureValue = moduleValue(featureTitle);
        let featureId = features.find((f) => f.moduleId === moduleId && f.value === featureValue)?.id;
        if (!featureId) {
          featureId = newId();
          await tx.insert(crmFeatures).values({ id: featureId, title: featureTitle, value: featureValue, modelName: name, moduleId });
        }
        const missing = seededLevels.flatMap((level) =>
          accessScopes.filter((scope) => !held.has(`${featureId}/${level}/${scope}`)).map((scope) => ({ level, scope })),
        );
        if (missing.length === 0) continue;
        await tx.insert(crmPermissions).values(
          missing.map(({ level, scope }) => ({
            id: newId(),
            title: `${featureTitle}: ${levelWords[level]}${scopeWords[scope]}`,
            moduleId: moduleId as string,
            featureId: featureId as string,
            access_level: level,
            conditions: { scope },
          })),
        );
      }
    }
  });
};
