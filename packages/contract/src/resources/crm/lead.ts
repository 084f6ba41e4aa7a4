import { z } from 'zod';
import { address, websiteField } from '../../conventions/common';
import { mongoId } from '../../conventions/ids';
import { filterDateRange, filterId, filterValue } from '../../conventions/list';
import { defineResource } from '../../define-resource';

/** DECISIONS.md §8. */
export const leadStatuses = ['NEW', 'CONTACTED', 'QUALIFIED', 'CONVERTED', 'LOST'] as const;
export const leadStatus = z.enum(leadStatuses, { error: 'Status must be NEW, CONTACTED, QUALIFIED, CONVERTED or LOST' });

const companyName = 'Please provide company name.';
const selectDate = 'Please select a date';
const date = z.iso.datetime({ offset: true, error: selectDate });
const text = (max: number) => z.string().trim().max(max).optional().nullable();
const amount = z.number().min(0).max(1_000_000_000).optional().nullable();
const industries = z.array(z.string().trim().min(1).max(200)).max(50).optional().nullable();

export const leadCandidateDetails = z.object({
  noticePeriodId: mongoId('noticePeriodId').optional().nullable(),
  industries,
  experience: z.number().min(0).max(100).optional().nullable(),
  currentCTC: amount,
  expectedCTC: amount,
});

export const leadCompanyDetails = z.object({
  name: z.string({ error: companyName }).trim().min(1, companyName).max(200),
  industries,
  website: websiteField().optional().nullable(),
  linkedinLink: text(500),
  numberOfEmployee: z.number().int().min(0).max(10_000_000).optional().nullable(),
  address: address.optional().nullable(),
});

const editable = z.object({
  title: text(200),
  description: text(20_000),
  rating: z.number().min(0).max(5).optional().nullable(),
  source: text(200),
  status: leadStatus.optional(),
  type: text(100),
  notes: text(20_000),
  followUpDate: date.optional().nullable(),
  deadlineDate: date.optional().nullable(),
  candidateDetails: leadCandidateDetails.optional().nullable(),
  companyDetails: leadCompanyDetails.optional().nullable(),
});

/**
 * A prospective client or candidate the agency is working towards (crm.md §3 Lead). Contacts come
 * with the contacts resource; the lead's status moves through its update.
 */
export const lead = defineResource({
  name: 'Lead',
  table: 'leads',
  tenancy: 'organisation',
  access: { module: 'Lead' },
  itemIdPrefix: 'LEA',
  labelField: 'title',
  fields: editable.extend({ status: leadStatus }),
  // crm.md §5: lead creation omits _id (a strict schema refuses it).
  create: editable.extend({ status: leadStatus.default('NEW') }).strict(),
  update: editable.partial().extend({ _id: mongoId() }).strict(),
  status: leadStatus,
  search: ['title', 'companyDetails.name', 'itemId.combined'],
  filters: {
    status: filterValue(leadStatus),
    source: filterValue(z.string().trim().max(200)),
    ownerId: filterId('ownerId'),
    followUpDate: filterDateRange,
    createdAt: filterDateRange,
  },
  screen: { area: 'crm', path: 'leads', records: 'dialog', menu: { label: 'Leads', icon: 'target-arrow', order: 50 } },
  calls: {
    create: { method: 'POST', path: '/lead/', who: ['CRM_USER'] },
    update: { method: 'PUT', path: '/lead/', who: ['CRM_USER'] },
    details: { method: 'POST', path: '/lead/details', who: ['CRM_USER'] },
    list: { method: 'POST', path: '/lead/list', who: ['CRM_USER'] },
    remove: { method: 'PUT', path: '/lead/delete', who: ['CRM_USER'] },
  },
});
