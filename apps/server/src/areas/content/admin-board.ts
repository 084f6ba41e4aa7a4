import { randomBytes } from 'node:crypto';
import {
  adminAddRecruiter,
  adminFindRecruiter,
  adminListRecruiters,
  adminUpdateRecruiter,
  adminVerifyRecruiter,
} from '@app/contract/resources/content/admin-board';
import type { FastifyInstance } from 'fastify';
import { recruiterCompanies } from '../../db/schema/job-board';
import { newId } from '../../engine/ids';
import { registerCall } from '../../engine/register-call';
import { createAccount } from '../auth/users';
import { companyRepository, freeSlug } from '../companies/repository';

const withIds = (input: Record<string, unknown>) =>
  Array.isArray(input.socialMedia)
    ? { ...input, socialMedia: input.socialMedia.map((s: { _id?: string }) => ({ ...s, _id: s._id ?? newId() })) }
    : input;

/** The fields an update names, so that defaults never overwrite what is saved. */
const sent = (body: unknown, input: Record<string, unknown>) => {
  const keys = new Set(Object.keys((body as Record<string, unknown> | null) ?? {}));
  return Object.fromEntries(Object.entries(input).filter(([key]) => keys.has(key) && key !== '_id'));
};

/** Platform admins manage recruiter companies: /admin/recruiter/*. */
export const registerAdminRecruiters = (app: FastifyInstance) => {
  registerCall(app, { ...adminAddRecruiter, message: 'Created successfully' }, async ({ db, caller, input }) => {
    const user = await createAccount(db, {
      userType: 'RECRUITER',
      email: input.email,
      password: randomBytes(24).toString('hex'),
      name: { first: input.name },
      phone: input.phone,
    });
    return companyRepository.create(db, {
      caller,
      scope: { ownerId: user.id },
      values: {
        ...withIds(input),
        industries: input.industries ?? [],
        socialMedia: (withIds(input).socialMedia as unknown[] | undefined) ?? [],
        userId: user.id,
        slug: await freeSlug(db, recruiterCompanies, input.name),
        isVerified: false,
      },
    });
  });

  registerCall(app, { ...adminUpdateRecruiter, message: 'Updated successfully' }, ({ db, caller, input, req }) =>
    companyRepository.update(db, { caller, scope: {}, id: input._id, values: withIds(sent(req.body, input)) }),
  );

  registerCall(app, { ...adminListRecruiters, transaction: false, message: 'Fetched successfully' }, ({ db, input }) =>
    companyRepository.list(db, {}, input),
  );

  registerCall(app, { ...adminFindRecruiter, transaction: false, message: 'Fetched successfully' }, async ({ db, input }) =>
    companyRepository.toRecord(await companyRepository.get(db, {}, input._id)),
  );

  registerCall(app, { ...adminVerifyRecruiter, message: 'Updated successfully' }, ({ db, caller, input }) =>
    companyRepository.update(db, { caller, scope: {}, id: input._id, values: { isVerified: input.isVerified } }),
  );
};
