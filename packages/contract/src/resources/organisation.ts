import { z } from 'zod';

import { email, genericStatus, password, personNameFields, uploadedFile } from '../conventions/common';
import { mongoId } from '../conventions/ids';
import { filterDateRange, filterValue } from '../conventions/list';
import { defineResource, defineWorkflow } from '../define-resource';

const phoneNumber = z
  .string({ error: 'Please enter phone number' })
  .trim()
  .min(1, 'Please enter phone number')
  .max(30, 'Phone number is too long');

const editable = z.object({
  name: z.string({ error: 'Please enter organisation name' }).trim().min(1, 'Please enter organisation name').max(200),
  email: email(),
  phoneNumber,
  industryId: mongoId('industryId').optional().nullable(),
  logoImg: uploadedFile.optional().nullable(),
});

export const organisation = defineResource({
  name: 'Organisation',
  table: 'organisations',
  tenancy: 'platform',
  labelField: 'name',
  references: { industryId: { resource: 'Industry', expandAs: 'industry' } },
  itemIdPrefix: 'ORG',
  fields: editable.extend({ status: genericStatus }),
  create: editable
    .extend({
      status: genericStatus.default('ACTIVE'),
      adminUser: z
        .object(
          {
            email: email('Please enter admin user email'),
            phone: z.string({ error: 'Please enter admin user phone' }).trim().min(1, 'Please enter admin user phone'),
            passwordHash: z.string({ error: 'Please enter admin user password' }).min(1, 'Please enter admin user password').pipe(password),
            name: personNameFields.partial().optional(),
          },
          { error: 'Please provide the admin user' },
        )
        .strict(),
    })
    .strict(),
  update: editable.partial().extend({ _id: mongoId() }).strict(),
  status: genericStatus,
  search: ['name', 'email', 'phoneNumber', 'itemId.combined'],
  filters: { status: filterValue(genericStatus), createdAt: filterDateRange },
  unique: [{ fields: ['email'], message: 'An organisation with this email already exists' }],
  screen: { area: 'admin', path: 'organisations', menu: { group: 'CRM', label: 'Organisations', icon: 'building', order: 150 } },
  calls: {
    create: {
      method: 'POST',
      path: '/organisation/',
      who: ['SUPER_ADMIN'],
      summary: 'Create an organisation and its admin user',
      output: (record) => record.extend({ adminUser: z.object({ _id: z.string(), email: z.string() }) }),
    },
    update: { method: 'PUT', path: '/organisation/', who: ['SUPER_ADMIN'] },
    list: { method: 'POST', path: '/organisation/list', who: ['SUPER_ADMIN'] },
    setStatus: { method: 'PATCH', path: '/organisation/status', who: ['SUPER_ADMIN'] },
  },
});

/** Names of every organisation, for pickers and tables in the platform admin area (not in the spec). */
export const organisationLookup = defineWorkflow({
  name: 'organisationLookup',
  tag: 'Organisation',
  method: 'GET',
  path: '/organisation/lookup',
  who: ['SUPER_ADMIN', 'ADMIN'],
  inputFrom: 'query',
  input: z.object({}).strict(),
  output: z.array(z.object({ _id: z.string(), name: z.string(), status: genericStatus })),
});
