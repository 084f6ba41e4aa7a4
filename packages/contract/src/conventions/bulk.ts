import { z } from 'zod';
import { type AccessLevel, levelOfKind, type Who } from '../access';
import type { CallKind, ResourceDefinition } from '../define-resource';
import { mongoId } from './ids';
import { listRequest, maxAllRows } from './list';

/** What a bulk call can do to the records it names; each needs the definition's matching call. */
export type BulkAction = 'assign-owner' | 'set-status' | 'delete';

/** The actions a definition allows: set-status needs a status, delete a remove call, assign-owner an update call. */
export const bulkActionsOf = (def: Pick<ResourceDefinition, 'calls' | 'status'>): BulkAction[] => {
  const actions: BulkAction[] = [];
  if (def.calls.update) actions.push('assign-owner');
  if (def.status && def.calls.setStatus) actions.push('set-status');
  if (def.calls.remove) actions.push('delete');
  return actions;
};

/** The single call each bulk action multiplies: its user types, level and checks are the action's. */
export const callOfAction = { 'set-status': 'setStatus', delete: 'remove', 'assign-owner': 'update' } as const satisfies Record<
  BulkAction,
  CallKind
>;

/**
 * An owner is a staff member, and OWN/TEAM scope is reckoned by owner: choosing one is for staff and
 * platform admins. A client-portal user may edit their client's contacts, never say which staff
 * member owns them.
 */
const ownerChoosers: readonly Who[] = ['CRM_USER', 'SUPER_ADMIN', 'ADMIN'];

/**
 * Who may take a bulk action: the user types of the call it multiplies (never the public: a bulk
 * call is always signed in), and for assign-owner only those among them who choose owners.
 */
export const bulkActionWho = (def: ResourceDefinition, action: BulkAction): Who[] => {
  const who = (def.calls[callOfAction[action]]?.who ?? []).filter((w) => w !== 'public');
  if (action !== 'assign-owner') return who;
  return who.includes('signed-in') ? [...ownerChoosers] : who.filter((w) => ownerChoosers.includes(w));
};

/** The level a bulk action needs: the multiplied call's (FULL to delete, WRITE otherwise, unless it says). */
export const bulkActionLevel = (def: ResourceDefinition, action: BulkAction): AccessLevel => {
  const kind = callOfAction[action];
  return def.calls[kind]?.level ?? levelOfKind(kind);
};

export const bulkIdsMessage = 'Please select at least one record';
export const bulkTooManyMessage = `Please select at most ${maxAllRows} records`;
export const bulkOwnerMessage = 'Please select an owner';

/**
 * A bulk call's input: the rows chosen one by one (`ids`), or every row a list's search and filter
 * match ("all N matching"); the action and its value (the new owner's id, the new status).
 */
export const bulkRequest = (def: Pick<ResourceDefinition, 'calls' | 'status' | 'filters'>) => {
  const actions = bulkActionsOf(def);
  const matching = listRequest(def.filters).pick({ search: true, filter: true });
  return z
    .object({
      ids: z.array(mongoId('_id')).min(1, bulkIdsMessage).max(maxAllRows, bulkTooManyMessage).optional(),
      matching: matching.optional(),
      action: z.enum(actions as [BulkAction, ...BulkAction[]], { error: `action must be one of ${actions.join(', ')}` }),
      value: z.string().trim().max(100).optional(),
    })
    .strict()
    .superRefine((input, ctx) => {
      if (!input.ids && !input.matching) ctx.addIssue({ code: 'custom', message: bulkIdsMessage, path: ['ids'] });
      if (input.action === 'assign-owner' && !input.value) ctx.addIssue({ code: 'custom', message: bulkOwnerMessage, path: ['value'] });
      if (input.action === 'set-status') {
        const status = def.status?.safeParse(input.value);
        if (!status?.success) ctx.addIssue({ code: 'custom', message: 'Please select a status', path: ['value'] });
      }
    });
};

export type BulkRequest = {
  ids?: string[];
  matching?: { search: string; filter: Record<string, unknown> };
  action: BulkAction;
  value?: string;
};

/**
 * How many records the bulk call changed. It changes them a few at a time, each whole; should one
 * batch be refused part way, the ones before it stay changed, `stopped` says why and `notChanged`
 * lists the ids it did not reach (both only then).
 */
export const bulkResult = z.object({
  changed: z.number().int(),
  notChanged: z.array(z.string()).optional(),
  stopped: z.string().optional(),
});

/** The path of a resource's bulk and export calls, beside its list (`/client/list` gives `/client/bulk`). */
export const siblingOfList = (def: Pick<ResourceDefinition, 'calls'>, last: 'bulk' | 'export') => {
  const list = def.calls.list?.path;
  if (!list?.endsWith('/list')) return undefined;
  return `${list.slice(0, -'list'.length)}${last}`;
};
