import { z } from 'zod';
import { address, email, genericStatus, uploadedFile, websiteField } from '../../conventions/common';
import { mongoId } from '../../conventions/ids';
import { filterDateRange, filterId, filterValue } from '../../conventions/list';
import { defineResource } from '../../define-resource';
import { clientUserSeesOwnClient } from '../../scope-policy';

const companyName = 'Please enter company name';
const phoneNumber = 'Phone number required';

export const clientPhone = z.object({
  number: z.string({ error: phoneNumber }).trim().min(1, phoneNumber).max(30),
  countryCode: z.number().int().min(1).max(999).optional(),
  remarks: z.string().trim().max(500).optional(),
  type: z.string().trim().max(50).optional(),
});

const editable = z.object({
  name: z.string({ error: companyName }).trim().min(1, companyName).max(200),
  email: email(),
  phone: clientPhone.optional().nullable(),
  companyLogo: uploadedFile.optional().nullable(),
  address: address.optional().nullable(),
  about: z.string().trim().max(20_000).optional().nullable(),
  website: websiteField().optional().nullable(),
  /** The markets the company hires for, in the recruiter's words (a lead's company details carry the same). */
  industries: z.array(z.string().trim().min(1).max(200)).max(50).optional().nullable(),
});

/** What staff write of a client: a client information request proposes all of it (client-information-request.ts). */
export const clientFields = editable;

/** A hiring company the agency recruits for (crm.md §3 Client); its contacts come with the contacts. */
export const client = defineResource({
  name: 'Client',
  table: 'clients',
  tenancy: 'organisation',
  access: { module: 'Client' },
  // A client's own contacts, signed in to the portal, see their client and no other.
  policies: [clientUserSeesOwnClient('id')],
  itemIdPrefix: 'CLI',
  labelField: 'name',
  // The owner is a system field every record has; naming it here lets reads answer who it is beside the id.
  references: { ownerId: { resource: 'OrganisationStaff', expandAs: 'owner' } },
  fields: editable.extend({ status: genericStatus, ownerId: mongoId('ownerId').nullable().optional() }),
  create: editable.extend({ status: genericStatus.default('ACTIVE') }).strict(),
  update: editable.partial().extend({ _id: mongoId() }).strict(),
  status: genericStatus,
  search: ['name', 'email', 'phone.number', 'itemId.combined'],
  filters: { status: filterValue(genericStatus), ownerId: filterId('ownerId'), createdAt: filterDateRange },
  screen: { area: 'crm', path: 'clients', records: 'page', menu: { label: 'Clients', icon: 'building', order: 20 } },
  calls: {
    create: { method: 'POST', path: '/client/', who: ['CRM_USER'] },
    update: { method: 'PUT', path: '/client/', who: ['CRM_USER'] },
    details: { method: 'POST', path: '/client/details', who: ['CRM_USER', 'CRM_CLIENT_USER'] },
    list: { method: 'POST', path: '/client/list', who: ['CRM_USER'] },
    remove: { method: 'PUT', path: '/client/delete', who: ['CRM_USER'] },
    setStatus: { method: 'PUT', path: '/client/update-status', who: ['CRM_USER'] },
  },
});
