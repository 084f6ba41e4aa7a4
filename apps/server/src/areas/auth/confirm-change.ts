import type { Executor } from '../../db/client';
import type { CallContext } from '../../engine/context';
import { badRequest } from '../../engine/errors';

/**
 * Checks the two codes of an email or phone change (send-otp sent `otp` to the current address and
 * `secondaryOtp` to the new one) and that the new value is the one the codes were sent for.
 * A wrong code is counted outside the transaction, so the count survives the 400.
 */
export const confirmChange = async (
  ctx: Pick<CallContext, 'services' | 'afterwards'> & { db: Executor },
  input: { purpose: 'update-email' | 'update-phone'; userId: string; otp: number; secondaryOtp: number; newValue: string },
) => {
  const { codes } = ctx.services;
  for (const [channel, value, field] of [
    ['current', input.otp, 'otp'],
    ['new', input.secondaryOtp, 'secondaryOtp'],
  ] as const) {
    const result = await codes.check(ctx.db, { purpose: input.purpose, subjectId: input.userId, channel, value });
    if (!result.ok) {
      const wrongTry = result.recordWrongTry;
      if (wrongTry) ctx.afterwards((db) => wrongTry(db));
      throw Object.assign(result.error, { errors: [{ field, message: result.error.message }] });
    }
    if (channel === 'new' && result.target.toLowerCase() !== input.newValue.toLowerCase()) {
      throw badRequest('The codes were sent for another address. Please ask for new codes.', [
        { field: 'secondaryOtp', message: 'The codes were sent for another address' },
      ]);
    }
  }
};
