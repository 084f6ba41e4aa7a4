import { crmEntityNames, extraFeatures, moduleValue } from '@app/contract/access';
import { eq } from 'drizzle-orm';
import { newId } from '../engine/ids';
import type { Db } from './client';
import { crmFeatures, crmModules, crmPermissions } from './schema/crm-access';

const seededLevels = ['READ', 'WRITE', 'FULL'] as const;
const levelWords = { READ: 'view', WRITE: 'view and edit', FULL: 'view, edit and delete' } as const;

/**
 * The default CRM catalogue: one module per CRM entity name (crm.md §3), a feature named after it
 * (plus a few extra ones), and a read, write and full permission on each feature, so an
 * organisation can build roles at once. Adds only what is missing; never changes an edited row.
 */
export const seedCatalogue = async (db: Db) => {
  await db.transaction(async (tx) => {
    const modules = await tx.select().from(crmModules).where(eq(crmModules.isDeleted, false));
    const features = await tx.select().from(crmFeatures).where(eq(crmFeatures.isDeleted, false));
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
        if (features.some((f) => f.moduleId === moduleId && f.value === featureValue)) continue;
        const featureId = newId();
        await tx.insert(crmFeatures).values({ id: featureId, title: featureTitle, value: featureValue, modelName: name, moduleId });
        await tx.insert(crmPermissions).values(
          seededLevels.map((level) => ({
            id: newId(),
            title: `${featureTitle}: ${levelWords[level]}`,
            moduleId: moduleId as string,
            featureId,
            access_level: level,
            conditions: { scope: 'ALL' as const },
          })),
        );
      }
    }
  });
};
