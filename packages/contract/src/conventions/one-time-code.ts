import { z } from 'zod';
import { defineWorkflow } from '../define-resource';
import { mongoId } from './ids';
import { instant, noData } from './record';

const codeMessage = 'Please enter the six-digit code';

/** A one-time code as a person types it: six digits, as text or a number (leading zeros kept). */
export const otpValue = z
  .union([z.string(), z.number()], { error: codeMessage })
  .transform((value) => String(value).trim().padStart(6, '0'))
  .pipe(z.string().regex(/^\d{6}$/, codeMessage));

/** What a checked code gives: the token of a code holder (`Authorization: Bearer <token>`) and when it ends. */
export const codeHolderAccess = z.object({ token: z.string(), expiresAt: instant });

/**
 * The two public calls that make a code holder of one record (DECISIONS.md §9): `sendOtp` mails a
 * code to the address the record names, `checkOtp` takes it and answers the token every
 * `code-holder` call of that resource then takes. A resource declares them by naming itself and the
 * two paths; the server's `registerCodeHolderCalls` serves them.
 */
export const codeHolderCalls = (input: { resource: string; tag?: string; sendOtpPath: string; checkOtpPath: string }) => ({
  resource: input.resource,
  sendOtp: defineWorkflow({
    name: `${input.resource}.sendOtp`,
    tag: input.tag ?? input.resource,
    method: 'POST',
    path: input.sendOtpPath,
    who: ['public'],
    summary: 'Mails a six-digit code (valid 10 minutes) to the address the record names',
    input: z.object({ _id: mongoId() }).strict(),
    output: noData,
  }),
  checkOtp: defineWorkflow({
    name: `${input.resource}.checkOtp`,
    tag: input.tag ?? input.resource,
    method: 'POST',
    path: input.checkOtpPath,
    who: ['public'],
    summary: 'Checks the code: a right one answers a short-lived token for this one record (5 wrong tries burn it)',
    input: z.object({ _id: mongoId(), otp: otpValue }).strict(),
    output: codeHolderAccess,
  }),
});

export type CodeHolderCalls = ReturnType<typeof codeHolderCalls>;
