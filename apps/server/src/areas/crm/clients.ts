import { client } from '@app/contract/resources/crm/client';
import { and, eq } from 'drizzle-orm';
import { clients } from '../../db/schema/clients';
import { users } from '../../db/schema/users';
import { resourceRepository } from '../../engine/repository';
import type { ResourceHooks } from '../../engine/resource-hooks';

export const clientRepository = resourceRepository(client, clients);

/**
 * Ending a client ends its portal: when a client is made inactive or deleted (one at a time or in
 * bulk), its client users' sessions end in the same transaction, and every process forgets them once
 * it commits. Sign-in and every request refuse them while the client is not active
 * (`relationshipRefusal`); made active again, they sign in again.
 */
export const clientHooks: ResourceHooks<typeof client> = {
  afterWrite: async ({ db, services, operation, record }) => {
    if (operation !== 'remove' && (operation !== 'setStatus' || record.status === 'ACTIVE')) return;
    const portal = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.clientId, record._id), eq(users.userType, 'CRM_CLIENT_USER')));
    for (const user of portal) await services.sessions.endAllOf(db, user.id);
  },
};
