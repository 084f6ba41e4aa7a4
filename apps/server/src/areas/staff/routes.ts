import {
  changeCredentials,
  googleStaffList,
  myProfile,
  staffCredentialsReset,
  updateOwnProfile,
} from '@app/contract/resources/organisation-staff';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/users';
import { type Caller, type Scope, unscoped } from '../../engine/context';
import { changedFields, writeEntityLog } from '../../engine/entity-log';
import { badRequest, forbidden, notFound } from '../../engine/errors';
import { claimFileReferences } from '../../engine/file-references';
import { searchCondition } from '../../engine/list-query';
import { byId, loggedUpdate } from '../../engine/logged-update';
import { Answer, registerCall } from '../../engine/register-call';
import { registerResource } from '../../engine/register-resource';
import { callersOwn } from '../../engine/unscoped-reasons';
import { clientAddress } from '../../services/client-address';
import { hashPassword, verifyPassword } from '../../services/passwords';
import { newTemporaryPassword, ownPasswordColumns, resetToTemporaryPassword } from '../auth/temporary-password';
import { assertMayActOn, assertMayGiveRoles } from '../crm-access/authority';
import { lockStaff, staffRepository } from './repository';

/** A staff member the caller may act on: in their scope (else 404) and within their authority (else 403). */
const staffToActOn = async (db: Executor, caller: Caller, scope: Scope, id: string) => {
  await lockStaff(db, id);
  const staff = await staffRepository.get(db, scope, id);
  await assertMayActOn(db, caller, { organisationId: staff.organisationId as string, roleIds: staff.roleIds as string[] });
  return staff;
};

const notYourself = (caller: Caller, id: string, message: string) => {
  if (caller.id === id) throw badRequest(message);
};

export const registerStaff = (app: FastifyInstance) => {
  const forgetUser = (userId: string) => () =>
    Promise.all([app.services.sessions.forgetUser(userId), app.services.invalidation.publish('access')]);

  registerResource(app, staffRepository, {
    hooks: {
      // The password is hashed before the write's transaction, so no connection waits on it.
      beforeTransaction: async ({ db, caller, scope, values: { password, ...values } }) => {
        const organisationId = scope.organisationId ?? values.organisationId;
        // Another organisation's role is a 404, as if it did not exist, before any question of authority.
        await staffRepository.checkReferences(db, { scope, home: { organisationId }, values });
        if (organisationId) await assertMayGiveRoles(db, caller as Caller, organisationId, values.roleIds);
        return { ...values, passwordHash: await hashPassword(password) };
      },
      // Checked again inside the write, in case the caller's roles changed while the password was hashed.
      beforeCreate: async ({ db, caller, scope, values }) => {
        const organisationId = scope.organisationId ?? values.organisationId;
        if (organisationId && caller) await assertMayGiveRoles(db, caller, organisationId as string, values.roleIds);
        return values;
      },
      beforeUpdate: async ({ db, caller, scope, id, values, action }) => {
        const me = caller as Caller;
        if (action === 'STATUS_CHANGE') notYourself(me, id, 'You cannot change the status of your own account');
        const before = await staffToActOn(db, me, scope, id);
        if (action === 'UPDATE') {
          // One's own address changes only through the two codes of the email change, never here.
          if (id === me.id && values.email !== undefined && values.email !== before.email) {
            throw forbidden('Change your own email from your profile, where a code sent to both addresses confirms it');
          }
          // Another organisation's role is a 404, as if it did not exist, before any question of authority.
          await staffRepository.checkReferences(db, { scope, home: before, before, values });
          await assertMayGiveRoles(db, me, before.organisationId as string, values.roleIds);
        }
        return values;
      },
      beforeRemove: async ({ db, caller, scope, before }) => {
        notYourself(caller as Caller, before.id, 'You cannot delete your own account');
        await staffToActOn(db, caller as Caller, scope, before.id);
      },
      afterWrite: async ({ db, services, operation, record, afterCommit }) => {
        if (operation === 'remove' || (operation === 'setStatus' && record.status !== 'ACTIVE')) {
          await services.sessions.endAllOf(db, record._id);
        }
        if (operation !== 'create') afterCommit(forgetUser(record._id));
      },
    },
  });

  registerCall(app, { ...updateOwnProfile, unscoped: callersOwn }, async (ctx) => {
    const { db, caller, input, afterCommit } = ctx;
    const me = caller as Caller;
    // The cached caller carries the name that `me` answers.
    afterCommit(forgetUser(me.id));
    const [before] = await db.select().from(users).where(eq(users.id, me.id));
    if (!before) throw notFound('User');
    const { _id, ...values } = { _id: me.id, ...input };
    const scope = me.organisationId ? { organisationId: me.organisationId } : unscoped('the caller’s own profile');
    if (me.userType === 'CRM_USER') return staffRepository.update(db, { ...ctx, scope, id: _id, values });
    // A platform admin's own profile: no organisation, logged without one; its photo is claimed like any other.
    const claimed = await claimFileReferences(db, {
      caller,
      record: { entityType: staffRepository.def.name, id: me.id, ownerId: me.id, organisationId: null },
      values,
      stored: before,
    });
    const [row] = await db
      .update(users)
      .set({ ...claimed, updatedAt: new Date() })
      .where(eq(users.id, me.id))
      .returning();
    const { from, to } = changedFields(staffRepository.toRecord(before as never), staffRepository.toRecord(row as never));
    if (Object.keys(to).length > 0) {
      await writeEntityLog(db, {
        caller: me,
        organisationId: null,
        entityType: 'User',
        action: 'UPDATE',
        record: { _id: me.id },
        from,
        to,
      });
    }
    return staffRepository.toRecord(row as never);
  });

  registerCall(app, { ...myProfile, unscoped: callersOwn }, async ({ db, caller }) => {
    const me = caller as Caller;
    const [row] = await db
      .select(staffRepository.selection)
      .from(users)
      .where(and(eq(users.id, me.id), eq(users.isDeleted, false)));
    if (!row) throw notFound('User');
    return staffRepository.toRecord(row as never);
  });

  registerCall(app, googleStaffList, async ({ db, scope, input }) => {
    const rows = await db
      .select({ id: users.id, email: users.email, name: users.name, designation: users.designation })
      .from(users)
      .where(
        and(
          ...staffRepository.scopeWhere(scope),
          eq(users.status, 'ACTIVE'),
          searchCondition(users, ['name.fullName', 'email'], input.search),
        ),
      )
      .orderBy(asc(users.email))
      .limit(500);
    return rows.map((row) => ({ _id: row.id, email: row.email, name: row.name?.fullName ?? row.email, designation: row.designation }));
  });

  // The password is hashed before the short transaction that saves it.
  registerCall(app, { ...staffCredentialsReset, transaction: false }, async (ctx) => {
    const { db, caller, scope, input, services, transaction } = ctx;
    // Checked before the hashing (no work for a refused caller), and again under the row lock.
    const staff = await staffToActOn(db, caller as Caller, scope, input._id);
    const temporary = await newTemporaryPassword();
    await transaction(async (tx) => {
      await staffToActOn(tx, caller as Caller, scope, input._id);
      await resetToTemporaryPassword(tx, {
        caller,
        services,
        user: { id: staff.id, email: staff.email as string },
        entityType: staffRepository.def.name,
        temporary,
        subject: 'Your new password',
        intro: `${(caller as Caller).name} has reset your password.`,
      });
      await staffRepository.update(tx, { ...ctx, id: staff.id, values: { updatedAt: new Date() } });
    });
    return new Answer({ _id: staff.id }, 'A new password has been mailed to the staff member');
  });

  // The passwords are checked and hashed before the short transaction that saves the new one.
  registerCall(
    app,
    { ...changeCredentials, unscoped: callersOwn, transaction: false },
    async ({ db, caller, input, services, transaction, req }) => {
      const me = caller as Caller;
      if (input.id !== me.id) throw forbidden('You can only change your own password');
      // The current password is guessed like a sign-in (a session left open, say): counted the same way.
      const attempt = await services.limits.signIn.attempt({ email: me.email, address: clientAddress(req) });
      const [user] = await db.select().from(users).where(eq(users.id, me.id));
      const correct = !!user && (await verifyPassword(user.passwordHash, input.oldPassword));
      if (correct) await attempt.succeeded();
      if (!user || !correct) {
        throw badRequest('Your current password is not correct', [
          { field: 'oldPassword', message: 'Your current password is not correct' },
        ]);
      }
      const passwordHash = await hashPassword(input.newPassword);
      await transaction(async (tx) => {
        await loggedUpdate(tx, {
          caller: me,
          table: users,
          entityType: me.userType === 'CRM_USER' ? staffRepository.def.name : 'User',
          where: byId(users, me.id),
          values: ownPasswordColumns(passwordHash),
          secret: ['passwordHash'],
        });
        await services.sessions.endAllOf(tx, me.id, me.sessionId);
      });
      return new Answer(null, 'Your password has been changed');
    },
  );
};
