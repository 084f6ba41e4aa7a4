import { z } from 'zod';
import { idName, relatedTo } from '../conventions/common';
import { filterDateRange, filterId, filterValue, listResult } from '../conventions/list';
import { defineResource } from '../define-resource';

export const entityLogActions = ['CREATE', 'UPDATE', 'DELETE', 'STATUS_CHANGE', 'MERGE', 'SENSITIVE_READ'] as const;
export const entityLogAction = z.enum(entityLogActions);

const fields = z.object({
  description: z.string(),
  action: entityLogAction,
  entityType: z.string(),
  entityId: z.string(),
  from: z.unknown(),
  to: z.unknown(),
  relatedTo,
  user: idName.nullable(),
});

/**
 * Who audits reads of special-category data (a candidate's diversity): FULL on the audit log. Those
 * entries stay in the log; a reader of it below that level (a candidate's Activity tab) is not answered them.
 */
export const sensitiveReadAudit = { access: { module: 'EntityLog' }, level: 'FULL' } as const;

/** The audit trail: written by the engine on every change, only ever read through this list. */
export const entityLog = defineResource({
  name: 'EntityLog',
  table: 'entity_logs',
  tenancy: 'organisation',
  access: { module: 'EntityLog' },
  systemFields: ['organisationId', 'createdAt'],
  fields,
  create: z.never(),
  update: z.never(),
  search: ['description', 'entityType'],
  filters: {
    action: filterValue(entityLogAction),
    entityType: filterValue(z.string()),
    entityId: filterId('entityId'),
    createdAt: filterDateRange,
  },
  screen: { area: 'crm', path: 'audit-log', menu: { label: 'Audit log', icon: 'history', order: 120 } },
  calls: {
    list: {
      method: 'POST',
      path: '/entity-log/list',
      who: ['CRM_USER'],
      // Each entry names the records its change points at (id → label), so the log reads as names, never ids.
      output: (record) => listResult(record.extend({ names: z.record(z.string(), z.string()) })),
    },
  },
});
