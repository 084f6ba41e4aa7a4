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

/** `count` consecutive `itemId`s in one atomic step (an import's rows), numbered in order. */
export const reserveItemIds = async (
  db: Executor,
  input: { organisationId: string | null; entity: string; prefix: string; count: number },
): Promise<ItemId[]> => {
  if (input.count <= 0) return [];
  const [row] = await db
    .insert(itemCounters)
    .values({ scope: input.organisationId ?? 'platform', entity: input.entity, value: input.count })
    .onConflictDoUpdate({ target: [itemCounters.scope, itemCounters.entity], set: { value: sql`${itemCounters.value} + ${input.count}` } })
    .returning({ value: itemCounters.value });
  const last = row?.value ?? input.count;
  return Array.from({ length: input.count }, (_, i) => {
    const number = last - input.count + 1 + i;
    return { prefix: input.prefix, number, combined: `${input.prefix}-${number}` };
  });
};
