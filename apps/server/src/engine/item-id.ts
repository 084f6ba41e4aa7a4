import type { ItemId } from '@app/contract/conventions/common';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { itemCounters } from '../db/schema/services';

/** The next `itemId` for an entity in an organisation: one atomic upsert, so no gaps or repeats. */
export const nextItemId = async (
  db: Executor,
  input: { organisationId: string | null; entity: string; prefix: string },
): Promise<ItemId> => {
  const [row] = await db
    .insert(itemCounters)
    .values({ scope: input.organisationId ?? 'platform', entity: input.entity, value: 1 })
    .onConflictDoUpdate({ target: [itemCounters.scope, itemCounters.entity], set: { value: sql`${itemCounters.value} + 1` } })
    .returning({ value: itemCounters.value });
  const number = row?.value ?? 1;
  return { prefix: input.prefix, number, combined: `${input.prefix}-${number}` };
};
