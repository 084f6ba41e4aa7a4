import { z } from 'zod';
import {
  email,
  genericStatus,
  gitHubLinkField,
  linkedInLinkField,
  password,
  personName,
  uploadedFile,
  websiteField,
} from '../conventions/common';
import { mongoId } from '../conventions/ids';
import { filterDateRange, filterId, filterValue } from '../conventions/list';
import { noData, recordId, recordSchema } from '../conventions/record';
import { defineResource, defineWorkflow } from '../define-resource';
import { unscoped } from '../scope-policy';

const phone = z.string({ error: 'Please enter phone number' }).trim().min(1, 'Please enter phone number').max(30);

/** Lists show a status as a label and value pair, so the status call takes either form. */
export const staffStatus = z
  .union([genericStatus, z.object({ label: z.string().optional(), value: genericStatus })], {
    error: 'Please provide staff status',
  })
  .transform((status) => (typeof status === 'string' ? status : status.value));

const profileFields = z.object({
  designation: z.string().trim().max(200).optional().nullable(),
  profileImage: uploadedFile.optional().nullable(),
  signatureHTML: z.string().max(20_000).optional().nullable(),
  linkedInLink: linkedInLinkField().optional().nullable(),
  gitHubLink: gitHubLinkField().optional().nullable(),
  website: websiteField().optional().nullable(),
});

const editable = profileFields.extend({
  name: personName,
  email: email(),
  phone,
  roleIds: z.array(mongoId('roleId')).max(50).default([]),
});

export const organisationStaff = defineResource({
  name: 'OrganisationStaff',
  table: 'users',
  tenancy: 'organisation',
  labelField: 'name.fullName',
  references: { roleIds: { resource: 'Role', expandAs: 'roles' } },
  access: { module: 'OrganisationStaff' },
  itemIdPrefix: 'USR',
  fields: editable.extend({
    /** A platform admin's own profile (answered by the profile calls) may have no phone. */
    phone: z.string().nullable(),
    status: genericStatus,
    organisationId: mongoId('organisationId'),
    userType: z.string(),
    lastLoginAt: z.string().nullable(),
  }),
  create: editable
    .extend({
      password,
      status: genericStatus.default('ACTIVE'),
      /** Only a platform admin names the organisation; staff always add to their own. */
      organisationId: mongoId('organisationId').optional(),
    })
    .strict(),
  update: editable.partial().extend({ _id: mongoId() }).strict(),
  status: staffStatus,
  search: ['name.fullName', 'email', 'phone', 'designation', 'itemId.combined'],
  filters: {
    status: filterValue(genericStatus),
    roleIds: filterId('roleId'),
    organisationId: filterId('organisationId'),
    createdAt: filterDateRange,
  },
  unique: [{ fields: ['email'], message: 'This email is already registered', global: true }],
  screen: [
    { area: 'crm', path: 'staff', records: 'dialog', menu: { label: 'Staff', icon: 'users', order: 90 } },
    { area: 'admin', path: 'staff', menu: { group: 'CRM', label: 'Staff', icon: 'users', order: 160 } },
  ],
  calls: {
    create: { method: 'POST', path: '/organisation/staff/', who: ['ADMIN', 'CRM_USER'] },
    update: { method: 'PUT', path: '/organisation/staff/', who: ['ADMIN', 'CRM_USER'] },
    list: { method: 'POST', path: '/organisation/staff/list', who: ['ADMIN', 'CRM_USER'] },
    details: {
      method: 'POST',
      path: '/organisation/staff/details',
      who: ['ADMIN', 'CRM_USER'],
      summary: 'One staff member (not in the spec; the staff profile page and the benchmark use it)',
    },
    setStatus: { method: 'PATCH', path: '/organisation/staff/status', who: ['ADMIN', 'CRM_USER'] },
    remove: { method: 'POST', path: '/organisation/staff/delete', who: ['ADMIN', 'CRM_USER'] },
  },
});

export const updateOwnProfile = defineWorkflow({
  name: 'updateOwnProfile',
  tag: 'OrganisationStaff',
  method: 'PUT',
  path: '/organisation/staff/profile',
  who: ['ADMIN', 'CRM_USER'],
  summary: 'The signed-in staff member updates their own profile',
  policies: [unscoped('the caller’s own profile')],
  input: profileFields.extend({ name: personName.optional(), phone: phone.optional() }).strict(),
  output: recordSchema(organisationStaff),
});

export const myProfile = defineWorkflow({
  name: 'myProfile',
  tag: 'OrganisationStaff',
  method: 'GET',
  path: '/organisation/staff/profile',
  who: ['ADMIN', 'CRM_USER'],
  inputFrom: 'query',
  summary: 'The signed-in staff member’s own profile (not in the spec; the profile page reads it)',
  policies: [unscoped('the caller’s own profile')],
  input: z.object({}).strict(),
  output: recordSchema(organisationStaff),
});

export const googleStaffList = defineWorkflow({
  name: 'googleStaffList',
  tag: 'OrganisationStaff',
  method: 'POST',
  path: '/organisation/staff/google-staff-list',
  who: ['ADMIN', 'CRM_USER'],
  access: { module: 'OrganisationStaff' },
  tenancy: 'organisation',
  level: 'READ',
  summary: 'Active staff who can be invited to meetings and calendar events (email address and name)',
  input: z.object({ search: z.string().max(200).default('') }).strict(),
  output: z.array(z.object({ _id: z.string(), email: z.string(), name: z.string(), designation: z.string().nullable() })),
});

export const staffCredentialsReset = defineWorkflow({
  name: 'staffCredentialsReset',
  tag: 'OrganisationStaff',
  method: 'POST',
  path: '/organisation/staff/credentials-reset',
  who: ['CRM_USER'],
  access: { module: 'OrganisationStaff' },
  tenancy: 'organisation',
  level: 'WRITE',
  summary: 'Sets a new temporary password for a staff member, ends their sessions and mails it to them',
  input: z.object({ _id: mongoId() }).strict(),
  output: recordId,
});

export const changeCredentials = defineWorkflow({
  name: 'changeCredentials',
  tag: 'Auth',
  method: 'POST',
  path: '/organisation/staff/change-credentials',
  who: ['signed-in'],
  summary: 'The signed-in user changes their own password; other sessions end',
  input: z
    .object({
      id: z.string({ error: 'id must be a string' }),
      oldPassword: z.string({ error: 'oldPassword must be a string' }).min(1, 'Please enter your current password'),
      newPassword: z.string({ error: 'newPassword must be a string' }).pipe(password),
    })
    .strict(),
  output: noData,
});
