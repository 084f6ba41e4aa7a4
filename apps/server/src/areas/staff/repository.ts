import { organisationStaff } from '@app/contract/resources/organisation-staff';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/users';
import { resourceRepository } from '../../engine/repository';

/** Staff are the CRM_USER rows of the one users table. */
export const staffRepository = resourceRepository(organisationStaff, users, { fixed: { userType: 'CRM_USER' } });

/** The live staff of an organisation who hold a role (active or not: a deactivated one may come back). */
export const staffHoldingRole = (db: Executor, organisationId: string, roleId: string) =>
  db
    .select({ id: users.id, roleIds: users.roleIds })
    .from(users)
    .where(and(...staffRepository.scopeWhere({ organisationId }), sql`${users.roleIds} @> ${JSON.stringify([roleId])}::jsonb`));

/**
 * Holds a staff member's row until the transaction ends, so the roles an authority check reads are
 * still theirs when the write lands (a role given meanwhile waits for it).
 */
export const lockStaff = (db: Executor, id: string) => db.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
