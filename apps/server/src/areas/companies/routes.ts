import type { WorkflowDefinition } from '@app/contract/define-resource';
import {
  companyBySlug,
  myCompany,
  registerCompany,
  updateCompanyAbout,
  updateCompanyContactDetails,
  updateCompanyIndustries,
  updateCompanySocialMedia,
} from '@app/contract/resources/job-board/company';
import { job } from '@app/contract/resources/job-board/job';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { jobs, recruiterCompanies } from '../../db/schema/job-board';
import { users } from '../../db/schema/users';
import { type CallContext, type Caller, unscoped } from '../../engine/context';
import { notFound } from '../../engine/errors';
import { newId } from '../../engine/ids';
import { byId, loggedUpdate } from '../../engine/logged-update';
import { Answer, registerCall } from '../../engine/register-call';
import { registerResource } from '../../engine/register-resource';
import { noCallerYet, publicAndPublished, recruitersOwn } from '../../engine/unscoped-reasons';
import { createAccount, hashNewAccountPassword, signIn } from '../auth/users';
import { companyRepository, freeSlug, ownCompany } from './repository';

const updateOwn = async (ctx: CallContext, values: Record<string, unknown>) => {
  const caller = ctx.caller as Caller;
  const company = await ownCompany(ctx.db, caller);
  const record = await companyRepository.update(ctx.db, { ...ctx, caller, scope: { ownerId: caller.id }, id: company.id, values });
  // Jobs carry the company's name for search; a new name reaches them at once.
  if (values.name && values.name !== company.name) {
    await loggedUpdate(ctx.db, {
      caller,
      table: jobs,
      entityType: job.name,
      where: eq(jobs.recruiterId, company.id),
      values: { companyName: values.name as string },
    });
    ctx.afterCommit(() => ctx.services.jobSearchCache.clear());
  }
  return record;
};

/** The public directory shows every active company, whoever asks (a signed-in recruiter too). */
const directory = unscoped('the public directory of every active company');

export const registerCompanies = (app: FastifyInstance) => {
  registerResource(app, companyRepository, {
    handlers: {
      // Replaced: the public directory lists every active company whoever asks; what it shows of each is the list's output schema.
      list: ({ db, input }) => companyRepository.list(db, directory, input, [eq(recruiterCompanies.status, 'ACTIVE')]),
    },
  });

  registerCall(
    app,
    { ...registerCompany, unscoped: noCallerYet, transaction: false },
    async ({ input, services, req, reply, transaction, afterCommit }) => {
      const { password, ...company } = input;
      const passwordHash = await hashNewAccountPassword({ services, req, password });
      const signedIn = await transaction(async (db) => {
        const user = await createAccount(db, {
          userType: 'RECRUITER',
          email: input.email,
          passwordHash,
          name: { first: input.name },
          phone: input.phone,
        });
        await companyRepository.create(db, {
          caller: null,
          services,
          afterCommit,
          req,
          scope: { ownerId: user.id },
          values: {
            ...company,
            userId: user.id,
            slug: await freeSlug(db, recruiterCompanies, input.name),
            status: 'ACTIVE',
            isVerified: false,
          },
        });
        return signIn(db, { user, services, req, reply });
      });
      return new Answer(signedIn, 'Welcome! Your company account is ready.');
    },
  );

  registerCall(app, { ...myCompany, unscoped: recruitersOwn }, async ({ db, caller }) =>
    companyRepository.toRecord((await ownCompany(db, caller as Caller)) as never),
  );

  registerCall(app, { ...companyBySlug, unscoped: publicAndPublished }, async ({ db, input }) => {
    const row = await companyRepository.first(db, directory, [
      eq(recruiterCompanies.slug, input.slug),
      eq(recruiterCompanies.status, 'ACTIVE'),
    ]);
    if (!row) throw notFound('Company');
    return companyRepository.toRecord(row);
  });

  const updates: WorkflowDefinition[] = [updateCompanyAbout, updateCompanyIndustries, updateCompanySocialMedia];
  for (const workflow of updates) {
    registerCall(app, { ...workflow, unscoped: recruitersOwn }, (ctx) => {
      const input = ctx.input as Record<string, unknown>;
      if (Array.isArray(input.socialMedia))
        input.socialMedia = input.socialMedia.map((s: { _id?: string }) => ({ ...s, _id: s._id ?? newId() }));
      return updateOwn(ctx, input);
    });
  }

  registerCall(app, { ...updateCompanyContactDetails, unscoped: recruitersOwn }, async (ctx) => {
    const record = await updateOwn(ctx, ctx.input);
    await loggedUpdate(ctx.db, {
      caller: ctx.caller,
      table: users,
      entityType: 'User',
      where: byId(users, (ctx.caller as Caller).id),
      values: { name: { first: ctx.input.name, fullName: ctx.input.name } },
    });
    ctx.afterCommit(() => ctx.services.sessions.forgetUser((ctx.caller as Caller).id));
    return record;
  });
};
