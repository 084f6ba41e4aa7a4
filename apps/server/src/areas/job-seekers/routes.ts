import type { WorkflowDefinition } from '@app/contract/define-resource';
import { cvMimeTypes } from '@app/contract/resources/crm/candidate-cv';
import {
  jobSeekerCvUrl,
  myJobSeekerProfile,
  registerJobSeeker,
  updateJobSeekerCv,
  updateJobSeekerDetails,
  updateJobSeekerEducation,
  updateJobSeekerEmail,
  updateJobSeekerLanguages,
  updateJobSeekerPhone,
  updateJobSeekerPreferences,
  updateJobSeekerProfile,
  updateJobSeekerSkills,
  updateJobSeekerWorkHistory,
} from '@app/contract/resources/job-board/job-seeker';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema/users';
import type { CallContext, Caller } from '../../engine/context';
import { badRequest, conflict, notFound } from '../../engine/errors';
import { byId, loggedUpdate } from '../../engine/logged-update';
import { Answer, registerCall } from '../../engine/register-call';
import { registerResource } from '../../engine/register-resource';
import { callersOwn, noCallerYet } from '../../engine/unscoped-reasons';
import { confirmChange } from '../auth/confirm-change';
import { createAccount, findLiveUserByEmail, hashNewAccountPassword, signIn } from '../auth/users';
import { syncFromJobSeeker } from '../crm/candidate-profile-sync';
import { cvPdf, ownCv } from '../cv-builder/cvs';
import { receiveUpload } from '../files/receive-upload';
import { keepTypedIn } from '../lookups/routes';
import { jobSeekerRepository, ownJobSeeker } from './repository';

/** Saves part of the seeker's own record and answers the whole of it. */
const updateOwn = async (ctx: CallContext, values: Record<string, unknown>) => {
  const caller = ctx.caller as Caller;
  const seeker = await ownJobSeeker(ctx.db, caller);
  const record = await jobSeekerRepository.update(ctx.db, { ...ctx, caller, scope: { ownerId: caller.id }, id: seeker.id, values });
  // The seeker's profile is the source of truth for what their CRM candidates share with it.
  await syncFromJobSeeker(ctx.db, { ...ctx, caller, userId: caller.id, values });
  return record;
};

export const registerJobSeekers = (app: FastifyInstance) => {
  // No generic calls (its calls are the workflows below): registered so the engine knows the resource.
  registerResource(app, jobSeekerRepository);
  registerCall(
    app,
    { ...registerJobSeeker, unscoped: noCallerYet, transaction: false },
    async ({ input, services, req, reply, transaction, afterCommit }) => {
      const { password, ...details } = input;
      const passwordHash = await hashNewAccountPassword({ services, req, password });
      const signedIn = await transaction(async (db) => {
        const user = await createAccount(db, { userType: 'JOB_SEEKER', ...details, passwordHash });
        await jobSeekerRepository.create(db, {
          caller: null,
          services,
          afterCommit,
          req,
          scope: { ownerId: user.id },
          values: { userId: user.id, name: input.name, email: user.email, phone: input.phone, status: 'ACTIVE' },
        });
        return signIn(db, { user, services, req, reply });
      });
      return new Answer(signedIn, 'Welcome! Your account is ready.');
    },
  );

  registerCall(app, { ...myJobSeekerProfile, unscoped: callersOwn }, async ({ db, caller }) =>
    jobSeekerRepository.toRecord((await ownJobSeeker(db, caller as Caller)) as never),
  );

  registerCall(app, { ...updateJobSeekerDetails, unscoped: callersOwn }, async (ctx) => {
    const seeker = await ownJobSeeker(ctx.db, ctx.caller as Caller);
    if (ctx.input.email !== seeker.email) {
      throw badRequest('Please change your email with the verification codes', [
        { field: 'email', message: 'Please change your email with the verification codes' },
      ]);
    }
    if (ctx.input.phone !== seeker.phone) {
      throw badRequest('Please change your phone with the verification codes', [
        { field: 'phone', message: 'Please change your phone with the verification codes' },
      ]);
    }
    await loggedUpdate(ctx.db, {
      caller: ctx.caller,
      table: users,
      entityType: 'User',
      where: byId(users, seeker.userId),
      values: { name: ctx.input.name },
    });
    ctx.afterCommit(() => ctx.services.sessions.forgetUser(seeker.userId));
    const { email: _email, phone: _phone, ...values } = ctx.input;
    return updateOwn(ctx, values);
  });

  const simpleUpdates: WorkflowDefinition[] = [
    updateJobSeekerProfile,
    updateJobSeekerPreferences,
    updateJobSeekerEducation,
    updateJobSeekerWorkHistory,
  ];
  for (const workflow of simpleUpdates) {
    registerCall(app, { ...workflow, unscoped: callersOwn }, (ctx) => updateOwn(ctx, ctx.input as Record<string, unknown>));
  }

  // A skill or language the list lacks is typed in: it is kept on the profile and for an admin to approve.
  registerCall(app, { ...updateJobSeekerSkills, unscoped: callersOwn }, async (ctx) => {
    const caller = ctx.caller as Caller;
    const skills = await keepTypedIn(ctx.db, { ...ctx, caller, kind: 'skill', items: ctx.input.skills });
    const personalSkills =
      ctx.input.personalSkills && (await keepTypedIn(ctx.db, { ...ctx, caller, kind: 'skill', items: ctx.input.personalSkills }));
    return updateOwn(ctx, { skills, ...(personalSkills ? { personalSkills } : {}) });
  });
  registerCall(app, { ...updateJobSeekerLanguages, unscoped: callersOwn }, async (ctx) =>
    updateOwn(ctx, {
      languages: await keepTypedIn(ctx.db, { ...ctx, caller: ctx.caller as Caller, kind: 'language', items: ctx.input.languages }),
    }),
  );

  registerCall(app, { ...updateJobSeekerCv, unscoped: callersOwn }, async (ctx) => {
    const saved = await receiveUpload(ctx, {
      what: 'your CV',
      only: { mimeTypes: cvMimeTypes, status: 415, message: 'Please upload your CV as a PDF, DOC or DOCX file' },
    });
    return ctx.transaction((db) => updateOwn({ ...ctx, db }, { cvDetail: saved }));
  });

  registerCall(app, { ...jobSeekerCvUrl, unscoped: callersOwn }, async ({ db, caller, input, services }) => {
    if (input.cvId) {
      const file = await cvPdf(db, services, await ownCv(db, caller as Caller, input.cvId));
      return { url: file.url, file };
    }
    const seeker = await ownJobSeeker(db, caller as Caller);
    if (!seeker.cvDetail) throw notFound('CV');
    return { url: services.files.signedUrl(seeker.cvDetail.blobName), file: seeker.cvDetail };
  });

  registerCall(app, { ...updateJobSeekerEmail, unscoped: callersOwn }, async (ctx) => {
    const caller = ctx.caller as Caller;
    const seeker = await ownJobSeeker(ctx.db, caller);
    const newEmail = ctx.input.newEmail.trim().toLowerCase();
    if (ctx.input.email.trim().toLowerCase() !== seeker.email)
      throw badRequest('This is not your current email', [{ field: 'email', message: 'This is not your current email' }]);
    await confirmChange(ctx, {
      purpose: 'update-email',
      userId: caller.id,
      otp: ctx.input.otp,
      secondaryOtp: ctx.input.secondaryOtp,
      newValue: newEmail,
    });
    if (await findLiveUserByEmail(ctx.db, newEmail)) throw conflict('This email is already registered');
    await loggedUpdate(ctx.db, { caller, table: users, entityType: 'User', where: byId(users, caller.id), values: { email: newEmail } });
    ctx.afterCommit(() => ctx.services.sessions.forgetUser(caller.id));
    return new Answer(await updateOwn(ctx, { email: newEmail }), 'Your email has been changed');
  });

  registerCall(app, { ...updateJobSeekerPhone, unscoped: callersOwn }, async (ctx) => {
    const caller = ctx.caller as Caller;
    const seeker = await ownJobSeeker(ctx.db, caller);
    if (ctx.input.phone.trim() !== seeker.phone)
      throw badRequest('This is not your current phone', [{ field: 'phone', message: 'This is not your current phone' }]);
    const newPhone = ctx.input.newPhone.trim();
    if (newPhone.length < 12)
      throw badRequest('Phone must be at least 12 characters.', [{ field: 'newPhone', message: 'Phone must be at least 12 characters.' }]);
    await confirmChange(ctx, {
      purpose: 'update-phone',
      userId: caller.id,
      otp: ctx.input.otp,
      secondaryOtp: ctx.input.secondaryOtp,
      newValue: newPhone,
    });
    await loggedUpdate(ctx.db, { caller, table: users, entityType: 'User', where: byId(users, caller.id), values: { phone: newPhone } });
    return new Answer(await updateOwn(ctx, { phone: newPhone }), 'Your phone has been changed');
  });
};
