import { organisation, organisationLookup } from '@app/contract/resources/organisation';
import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { organisations } from '../../db/schema/organisations';
import { sessions, users } from '../../db/schema/users';
import { conflict } from '../../engine/errors';
import { registerCall } from '../../engine/register-call';
import { registerResource } from '../../engine/register-resource';
import { resourceRepository } from '../../engine/repository';
import { acrossOrganisations } from '../../engine/unscoped-reasons';
import { hashPassword } from '../../services/passwords';
import { findLiveUserByEmail } from '../auth/users';
import { roleRepository } from '../crm-access/repository';
import { seedDefaultScorecard } from '../feedback/routes';
import { staffRepository } from '../staff/repository';

export const organisationRepository = resourceRepository(organisation, organisations);

export const registerOrganisations = (app: FastifyInstance) => {
  registerResource(app, organisationRepository, {
    hooks: {
      // The contract names the admin's new password `passwordHash`: hashed before the write's transaction.
      beforeTransaction: async ({ values: { adminUser, ...values } }) => ({
        ...values,
        adminUser: { ...adminUser, passwordHash: await hashPassword(adminUser.passwordHash) },
      }),
      beforeCreate: async ({ db, values }) => {
        if (await findLiveUserByEmail(db, values.adminUser.email)) throw conflict('The admin user email is already registered');
        return values;
      },
      afterWrite: async (hook) => {
        const { db, operation, record, afterCommit, input } = hook;
        // An organisation comes with its built-in Organisation admin role, its first admin user and a default scorecard.
        if (operation === 'create') {
          const adminUser = input.adminUser as {
            email: string;
            phone?: string;
            passwordHash: string;
            name?: { first?: string; last?: string };
          };
          const inside = { organisationId: record._id };
          const role = await roleRepository.create(db, {
            ...hook,
            scope: inside,
            values: { title: 'Organisation admin', value: 'organisation-admin', permissions: [], isOrganisationAdmin: true },
          });
          const name = { first: adminUser.name?.first ?? 'Admin', last: adminUser.name?.last ?? String(record.name) };
          const admin = await staffRepository.create(db, {
            ...hook,
            scope: inside,
            values: {
              email: adminUser.email,
              phone: adminUser.phone,
              passwordHash: adminUser.passwordHash,
              name: { ...name, fullName: `${name.first} ${name.last}`.trim() },
              roleIds: [role._id],
              status: 'ACTIVE',
            },
          });
          await seedDefaultScorecard(db, { ...hook, scope: inside });
          return { ...record, adminUser: { _id: admin._id, email: admin.email } };
        }
        if (operation !== 'setStatus' || record.status === 'ACTIVE') return;
        // Staff of an inactive organisation are signed out at once.
        const staff = await db.select({ id: users.id }).from(users).where(eq(users.organisationId, record._id));
        if (staff.length > 0)
          // Sessions are a service, not records: ending them is not in the entity log.
          await db.delete(sessions).where(
            inArray(
              sessions.userId,
              staff.map((s) => s.id),
            ),
          );
        afterCommit(() => app.services.sessions.forgetAll());
      },
    },
  });

  registerCall(app, { ...organisationLookup, unscoped: acrossOrganisations }, async ({ db }) =>
    db
      .select({ _id: organisations.id, name: organisations.name, status: organisations.status })
      .from(organisations)
      .where(eq(organisations.isDeleted, false))
      .orderBy(asc(organisations.name)),
  );
};
