import { z } from 'zod';
import { mongoId } from '../../conventions/ids';
import { recordId } from '../../conventions/record';
import { defineWorkflow } from '../../define-resource';

/**
 * Gives a client's contact a CRM_CLIENT_USER sign-in for the client portal and mails it
 * (DECISIONS.md §5: a temporary password that must be changed, valid 72 hours).
 */
export const clientCredentials = defineWorkflow({
  name: 'clientCredentials',
  tag: 'Client',
  method: 'POST',
  path: '/client/credentials',
  who: ['CRM_USER'],
  access: { module: 'Client', feature: 'Credentials' },
  tenancy: 'organisation',
  level: 'WRITE',
  summary: 'Gives a client’s contact a sign-in to the client portal and mails it a temporary password',
  input: z.object({ _id: mongoId() }).strict(),
  output: recordId.extend({ userId: z.string() }),
});

export const clientCredentialsReset = defineWorkflow({
  name: 'clientCredentialsReset',
  tag: 'Client',
  method: 'POST',
  path: '/client/credentials-reset',
  who: ['CRM_USER'],
  access: { module: 'Client', feature: 'Credentials' },
  tenancy: 'organisation',
  level: 'WRITE',
  summary: 'Mails a client contact who has a sign-in a new temporary password and ends their sessions',
  input: z.object({ _id: mongoId() }).strict(),
  output: recordId.extend({ userId: z.string() }),
});

export const contactWithoutCredentials = defineWorkflow({
  name: 'contactWithoutCredentials',
  tag: 'Client',
  method: 'POST',
  path: '/client/contact-without-credentials',
  who: ['CRM_USER'],
  access: { module: 'Client' },
  tenancy: 'organisation',
  level: 'READ',
  summary: 'How many of a client’s contacts have no sign-in yet',
  input: z.object({ clientId: mongoId('clientId') }).strict(),
  output: z.number().int(),
});
