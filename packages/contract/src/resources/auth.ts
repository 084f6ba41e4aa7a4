import { z } from 'zod';
import { accessLevels, accessScopes, userTypes } from '../access';
import { email, password, personName, uploadedFile } from '../conventions/common';
import { noData } from '../conventions/record';
import { defineWorkflow } from '../define-resource';

export const signedInUser = z.object({
  _id: z.string(),
  email: z.string(),
  userType: z.enum(userTypes),
  name: z.string(),
  organisationId: z.string().nullable(),
  /** Not in DECISIONS.md's list: the CRM shows whose workspace this is. */
  organisationName: z.string().nullable().optional(),
  /** Signed in with a mailed temporary password: the screens ask for a new one first (DECISIONS.md §5). */
  mustChangePassword: z.boolean().optional(),
  /** A CRM_CLIENT_USER's client: the portal shows it (null for everyone else). */
  clientId: z.string().nullable().optional(),
});
export type SignedInUser = z.infer<typeof signedInUser>;

/** What signing in (or registering, which signs in) answers: the bearer token and who it is. */
export const signInResult = z.object({ token: z.string(), user: signedInUser });
export type SignInResult = z.infer<typeof signInResult>;

export const login = defineWorkflow({
  name: 'login',
  tag: 'Auth',
  method: 'POST',
  path: '/auth/login',
  who: ['public'],
  summary: 'Sign in; answers a bearer token and also sets it as an httpOnly cookie',
  input: z
    .object({
      email: email(),
      password: z.string({ error: 'Please enter password' }).min(1, 'Please enter password'),
    })
    .strict(),
  output: signInResult,
});

export const logout = defineWorkflow({
  name: 'logout',
  tag: 'Auth',
  method: 'POST',
  path: '/auth/logout',
  who: ['signed-in'],
  input: z.object({}).strict().default({}),
  output: noData,
});

export const me = defineWorkflow({
  name: 'me',
  tag: 'Auth',
  method: 'GET',
  path: '/auth/me',
  who: ['signed-in'],
  inputFrom: 'query',
  input: z.object({}).strict(),
  output: signedInUser,
});

export const myPermissionsAnswer = z.object({
  isOrganisationAdmin: z.boolean(),
  grants: z.array(z.object({ module: z.string(), feature: z.string(), level: z.enum(accessLevels), scope: z.enum(accessScopes) })),
});
export type MyPermissions = z.infer<typeof myPermissionsAnswer>;

export const myPermissions = defineWorkflow({
  name: 'myPermissions',
  tag: 'Auth',
  method: 'GET',
  path: '/auth/permissions',
  who: ['signed-in'],
  inputFrom: 'query',
  summary: "What the signed-in staff member's roles allow, so screens can hide what the server would refuse",
  input: z.object({}).strict(),
  output: myPermissionsAnswer,
});

export const forgotPassword = defineWorkflow({
  name: 'forgotPassword',
  tag: 'Auth',
  method: 'POST',
  path: '/auth/forgot-password',
  who: ['public'],
  summary: 'Mails a reset link when the address is registered; answers the same either way',
  input: z.object({ email: email() }).strict(),
  output: noData,
});

export const resetPassword = defineWorkflow({
  name: 'resetPassword',
  tag: 'Auth',
  method: 'POST',
  path: '/auth/reset-password',
  who: ['public'],
  input: z
    .object({
      token: z.string({ error: 'The reset link is invalid or has expired' }).min(20, 'The reset link is invalid or has expired'),
      password,
    })
    .strict(),
  output: noData,
});

export const otpPurposes = ['update-email', 'update-phone'] as const;

export const sendOtp = defineWorkflow({
  name: 'sendOtp',
  tag: 'Auth',
  method: 'POST',
  path: '/auth/send-otp',
  who: ['signed-in'],
  summary: 'Sends `otp` to the current email (or phone) and `secondaryOtp` to the new one',
  input: z
    .object({
      purpose: z.enum(otpPurposes, { error: 'purpose must be update-email or update-phone' }),
      newValue: z.string({ error: 'Please enter the new value' }).trim().min(1, 'Please enter the new value').max(200),
    })
    .strict(),
  output: noData,
});

export const setupStatus = defineWorkflow({
  name: 'setupStatus',
  tag: 'Setup',
  method: 'GET',
  path: '/setup/status',
  who: ['public'],
  inputFrom: 'query',
  summary: 'Whether the installation still needs its first super admin',
  input: z.object({}).strict(),
  output: z.object({ needsSetup: z.boolean() }),
});

export const createFirstSuperAdmin = defineWorkflow({
  name: 'createFirstSuperAdmin',
  tag: 'Setup',
  method: 'POST',
  path: '/setup/super-admin',
  who: ['public'],
  summary: 'Creates the first super admin; refused once one exists',
  input: z.object({ name: personName, email: email(), password }).strict(),
  output: signInResult,
});

export const fileUpload = defineWorkflow({
  name: 'fileUpload',
  tag: 'Files',
  method: 'POST',
  path: '/file/upload',
  who: ['signed-in'],
  inputFrom: 'multipart',
  summary: 'Multipart upload of one file under the key `file` (10 MB; PDF, DOC, DOCX, PNG, JPEG, WEBP)',
  input: z.object({}),
  output: uploadedFile,
});
