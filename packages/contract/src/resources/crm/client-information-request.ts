import { z } from 'zod';
import { mongoId } from '../../conventions/ids';
import { filterDateRange, filterId, filterValue, listRequest } from '../../conventions/list';
import { defineResource, defineWorkflow } from '../../define-resource';
import { clientUserSeesOwnClient } from '../../scope-policy';
import { informationStatus } from './candidate-information-form';
import { clientFields } from './client';

/**
 * What a client proposes of itself (crm.md §3 Client information request): every field staff keep
 * of a client but its ids, status and dates, with the client's own schemas and messages.
 */
export const clientInformationData = clientFields;

/** The fields of a request's data, in the order a comparison shows them. */
export const clientInformationFields = Object.keys(clientFields.shape) as (keyof typeof clientFields.shape)[];

export const clientRequestNotFilled = 'Only a request waiting for review can be changed';

const person = z.object({ _id: z.string(), name: z.string() });

/**
 * A client's own proposal of new details (name, email, phone, address, logo...), sent from the
 * client portal: FILLED at once, for staff to correct, approve (copied onto the client, through the
 * client's own checks and log) or reject. A client user sees only their own client's.
 */
export const clientInformationRequest = defineResource({
  name: 'ClientInformationRequest',
  table: 'client_information_requests',
  label: 'Information request',
  tenancy: 'organisation',
  access: { module: 'ClientInformationRequest' },
  policies: [clientUserSeesOwnClient('clientId')],
  itemIdPrefix: 'CIR',
  labelField: 'itemId.combined',
  references: { clientId: { resource: 'Client', expandAs: 'client', partOfRecord: true } },
  fields: z.object({
    clientId: z.string(),
    status: informationStatus,
    /** The details the client proposed (staff may correct them before deciding). */
    data: clientInformationData,
    filledAt: z.string().nullable(),
    submittedBy: person.nullable(),
    reviewedBy: person.nullable(),
    reviewedAt: z.string().nullable(),
    /** Details: the client's current details, to compare side by side. */
    current: clientInformationData.partial().nullable().optional(),
  }),
  create: z.object({ data: clientInformationData.strict() }).strict(),
  update: z.object({ _id: mongoId(), data: clientInformationData.strict() }).strict(),
  search: ['itemId.combined', 'data.name', 'data.email'],
  filters: {
    clientId: filterId('clientId'),
    status: filterValue(informationStatus),
    createdAt: filterDateRange,
  },
  computed: ['current'],
  calls: {
    update: {
      method: 'PUT',
      path: '/client-information/',
      who: ['CRM_USER'],
      summary: 'Staff correct a client’s proposed details while they wait for review',
    },
    details: {
      method: 'POST',
      path: '/client-information/details',
      who: ['CRM_USER', 'CRM_CLIENT_USER'],
      summary: 'A request, with the client’s current details beside it (a client user: their own client’s only)',
    },
    list: { method: 'POST', path: '/client-information/list', who: ['CRM_USER'] },
    remove: { method: 'PUT', path: '/client-information/delete', who: ['CRM_USER'] },
  },
});

const requestRecord = z.object({ _id: z.string() }).passthrough();

/**
 * A client user proposes new details for their own client: FILLED at once. While one waits for
 * review, a new proposal replaces its details instead of queueing a second.
 */
export const submitClientInformation = defineWorkflow({
  name: 'submitClientInformation',
  tag: 'ClientInformationRequest',
  method: 'POST',
  path: '/client-information/',
  who: ['CRM_CLIENT_USER'],
  access: { module: 'ClientInformationRequest' },
  tenancy: 'organisation',
  level: 'WRITE',
  summary: 'A client user proposes new details for their own client, for staff to review (replacing one still waiting)',
  input: clientInformationRequest.create,
  output: requestRecord,
});

/** The client's latest request, as the portal shows it: whether one waits for review, and how the last one ended. */
export const clientInfoRequestCheck = defineWorkflow({
  name: 'clientInfoRequestCheck',
  tag: 'ClientInformationRequest',
  method: 'POST',
  path: '/client-information/info-request-check',
  who: ['CRM_CLIENT_USER'],
  access: { module: 'ClientInformationRequest' },
  tenancy: 'organisation',
  level: 'READ',
  summary: 'Whether the client user’s client has a request waiting for review, and the latest one’s status',
  input: listRequest().optional(),
  output: z.object({
    waiting: z.boolean(),
    latest: z
      .object({
        _id: z.string(),
        status: informationStatus,
        filledAt: z.string().nullable(),
        reviewedAt: z.string().nullable(),
      })
      .nullable(),
  }),
});

export const changeClientInformationStatus = defineWorkflow({
  name: 'changeClientInformationStatus',
  tag: 'ClientInformationRequest',
  method: 'POST',
  path: '/client-information/change-status',
  who: ['CRM_USER'],
  access: { module: 'ClientInformationRequest' },
  tenancy: 'organisation',
  level: 'WRITE',
  summary: 'Approves (copies the details onto the client, logged) or rejects a client’s request',
  input: z.object({ _id: mongoId(), status: informationStatus }).strict(),
  output: requestRecord,
});
