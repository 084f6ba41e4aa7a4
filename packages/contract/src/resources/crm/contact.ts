import { z } from 'zod';
import {
  address,
  email,
  gitHubLinkField,
  isoDate,
  linkedInLinkField,
  personName,
  relatedTo,
  relatedToList,
  websiteField,
} from '../../conventions/common';
import { mongoId } from '../../conventions/ids';
import { filterDateRange, filterId, filterRelatedTo, filterValue } from '../../conventions/list';
import { recordSchema } from '../../conventions/record';
import { defineResource, defineWorkflow } from '../../define-resource';
import { clientUserSeesOwnClient } from '../../scope-policy';
import { clientPhone } from './client';

const firstName = 'Please enter your first name.';

/** A contact's person (crm.md §3 Profile): who they are and how to reach them. */
export const contactProfile = z.object(
  {
    name: personName,
    email: email(),
    contactNumbers: z.array(clientPhone).max(10).optional(),
    designation: z.string().trim().max(200).optional().nullable(),
    linkedInLink: linkedInLinkField().optional().nullable(),
    gitHubLink: gitHubLinkField().optional().nullable(),
    website: websiteField().optional().nullable(),
    gender: z.string().trim().max(50).optional().nullable(),
    dob: isoDate.optional().nullable(),
    address: address.optional().nullable(),
  },
  // A contact with no profile at all is first of all a contact without a name.
  { error: firstName },
);
export type ContactProfile = z.infer<typeof contactProfile>;

const editable = z.object({
  profile: contactProfile,
  stage: z.string().trim().max(100).optional().nullable(),
  type: z.string().trim().max(100).optional().nullable(),
  relatedTo: relatedToList.optional(),
});

/**
 * A person at a client (or, later, a candidate's own contact card), crm.md §3 Contact. `clientId` is
 * the server's: the Client among `relatedTo` (a client user's own client, whatever they send), so a
 * client user sees only their client's contacts. `userId` is set when the contact is given
 * credentials; `primary` is changed only by make-primary, one per related record.
 */
export const contact = defineResource({
  name: 'Contact',
  table: 'crm_contacts',
  tenancy: 'organisation',
  access: { module: 'Contact' },
  policies: [clientUserSeesOwnClient('clientId')],
  itemIdPrefix: 'CON',
  labelField: 'profile.name.fullName',
  references: { clientId: { resource: 'Client', expandAs: 'client' } },
  relatedTo: 'relatedTo',
  fields: editable.extend({
    primary: z.boolean(),
    selfContact: z.boolean(),
    clientId: z.string().nullable(),
    userId: z.string().nullable(),
  }),
  create: editable.extend({ relatedTo: editable.shape.relatedTo.default([]) }).strict(),
  update: editable.partial().extend({ _id: mongoId() }).strict(),
  search: ['profile.name.fullName', 'profile.email', 'itemId.combined'],
  filters: {
    clientId: filterId('clientId'),
    relatedTo: filterRelatedTo,
    primary: filterValue(z.boolean()),
    createdAt: filterDateRange,
  },
  screen: { area: 'crm', path: 'contacts', records: 'dialog', menu: { label: 'Contacts', icon: 'address-book', order: 30 } },
  calls: {
    create: { method: 'POST', path: '/crm-contact/', who: ['CRM_USER', 'CRM_CLIENT_USER'] },
    update: { method: 'PUT', path: '/crm-contact/', who: ['CRM_USER', 'CRM_CLIENT_USER'] },
    details: { method: 'POST', path: '/crm-contact/details', who: ['CRM_USER'] },
    list: { method: 'POST', path: '/crm-contact/list', who: ['CRM_USER', 'CRM_CLIENT_USER'] },
    remove: { method: 'PUT', path: '/crm-contact/delete', who: ['CRM_USER'] },
  },
});

/** Makes the contact the primary one of a record it is related to; the record's other contacts stop being primary. */
export const makePrimaryContact = defineWorkflow({
  name: 'makePrimaryContact',
  tag: 'Contact',
  method: 'POST',
  path: '/crm-contact/make-primary',
  who: ['CRM_USER'],
  access: { module: 'Contact' },
  tenancy: 'organisation',
  level: 'WRITE',
  summary: 'Makes a contact the primary contact of a record it is related to (one primary per record)',
  input: z.object({ _id: mongoId(), relatedTo }).strict(),
  output: recordSchema(contact),
});

/** The records a contact can be generated from. Candidate joins when candidates exist. */
export const contactSourceTypes = ['Client', 'Candidate'] as const;

/** Makes a contact from a record's own name, email and phone (a client's self contact). */
export const generateContact = defineWorkflow({
  name: 'generateContact',
  tag: 'Contact',
  method: 'POST',
  path: '/crm-contact/generate-contact',
  who: ['CRM_USER'],
  access: { module: 'Contact' },
  tenancy: 'organisation',
  level: 'WRITE',
  summary: 'Makes a contact from a client’s (later a candidate’s) name, email and phone, related to it',
  input: z
    .object({
      _id: mongoId(),
      relatedTo: z.enum(contactSourceTypes, { error: 'relatedTo must be Client or Candidate' }),
    })
    .strict(),
  output: recordSchema(contact),
});
