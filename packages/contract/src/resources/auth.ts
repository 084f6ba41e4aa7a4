import { z } from 'zod';
import type { AccessLevel, AccessScope, UserType } from '../access';
import { email, password, personName } from '../conventions/common';
import { defineWorkflow } from '../define-resource';

export type SignedInUser = {
  _id: string;
  email: string;
  userType: UserType;
  name: string;
  organisationId: string | null;
  /** Not in DECISIONS.md's list: the CRM shows whose workspace this is. */
  organisationName?: string | null;
};

export type SignInResult = { token: string; user: SignedInUser };

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
});

export const logout = defineWorkflow({
  name: 'logout',
  tag: 'Auth',
  method: 'POST',
  path: '/auth/logout',
  who: ['signed-in'],
  input: z.object({}).strict().default({}),
});

export const me = defineWorkflow({
  name: 'me',
  tag: 'Auth',
  method: 'GET',
  path: '/auth/me',
  who: ['signed-in'],
  inputFrom: 'query',
  input: z.object({}).strict(),
});

export type MyPermissions = {
  isOrganisationAdmin: boolean;
  grants: { module: string; feature: string; level: AccessLevel; scope: AccessScope }[];
};

export const myPermissions = defineWorkflow({
  name: 'myPermissions',
  tag: 'Auth',
  method: 'GET',
  path: '/auth/permissions',
  who: ['signed-in'],
  inputFrom: 'query',
  summary: "What the signed-in staff member's roles allow, so screens can hide what the server would refuse",
  input: z.object({}).strict(),
});

export const forgotPassword = defineWorkflow({
  name: 'forgotPassword',
  tag: 'Auth',
  method: 'POST',
  path: '/auth/forgot-password',
  who: ['public'],
  summary: 'Mails a reset link when the address is registered; answers the same either way',
  input: z.object({ email: email() }).strict(),
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
});

export const createFirstSuperAdmin = defineWorkflow({
  name: 'createFirstSuperAdmin',
  tag: 'Setup',
  method: 'POST',
  path: '/setup/super-admin',
  who: ['public'],
  summary: 'Creates the first super admin; refused once one exists',
  input: z.object({ name: personName, email: email(), password }).strict(),
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
});
