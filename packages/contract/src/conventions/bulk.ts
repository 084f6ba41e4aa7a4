import { z } from 'zod';
import { type AccessLevel, type CrmAccess, levelOfKind, type Who } from '../access';
import type { CallKind, ResourceDefinition } from '../define-resource';
import { mongoId } from './ids';
import { listRequest, maxAllRows } from './list';

/** The three bulk actions every list may have; each needs the definition's matching call. */
export type BulkAction = 'assign-owner' | 'set-status' | 'delete';

/** What an action of a definition's own asks for beside the ids: the server checks it, the web's bulk bar asks for it. */
export type BulkField =
  | { kind: 'choice'; label: string; options: z.ZodType<string> }
  | {
      kind: 'reference';
      label: string;
      resource: string;
      labelField?: string;
      /** Several records of the kind at once (the jobs to long-list on): an array of ids, at least one. */
      multiple?: boolean;
      /** The list filter the picker offers records by (only the jobs that take applications); the server checks the choice anyway. */
      filter?: Record<string, unknown>;
    }
  | { kind: 'text'; label: string; optional?: boolean; max?: number };

/**
 * A bulk action a definition adds beside the built-in three (move to stage, add to long list, send
 * mail). It runs in one transaction, all or nothing, so it takes at most `max` ids a call.
 */
export type BulkExtension = {
  /** The bulk bar's button and dialog ("Move to stage"). */
  label: string;
  fields: Record<string, BulkField>;
  /** Who may take it: the user types of the single call it multiplies. */
  who: readonly Who[];
  /** The permission level it needs (WRITE unless said). */
  level?: AccessLevel;
  /**
   * A permission it needs beside the list's own, at the same level: what it makes is another
   * resource's (long-listing candidates makes job applications, so it also needs Job Application).
   */
  alsoNeeds?: CrmAccess;
  /** At most this many records a call (`maxAtOnce` unless said). */
  max?: number;
  /**
   * What the bulk bar says after it, following the count of what changed ("added to the long
   * lists"): what changed is not always the records chosen. "<n> <records> updated" unless said.
   */
  doneWords?: string;
  /** The engine's own action (moving a definition's `stages`); any other is the server registration's handler. */
  does?: 'move-to-stage';
};

/**
 * An action of a definition's own holds one transaction for all its records: 500 is the most one
 * move needs (a full board column; issue 29 measures 500 moves under a second) and about what the
 * embedded database does in the time a short batch of a built-in action may take several of.
 */
export const maxAtOnce = 500;

/** The built-in actions a definition allows: set-status needs a status, delete a remove call, assign-owner an update call. */
export const builtInActionsOf = (def: Pick<ResourceDefinition, 'calls' | 'status'>): BulkAction[] => {
  const actions: BulkAction[] = [];
  if (def.calls.update) actions.push('assign-owner');
  if (def.status && def.calls.setStatus) actions.push('set-status');
  if (def.calls.remove) actions.push('delete');
  return actions;
};

/** Every action a definition's bulk call takes: the built-in ones it allows, then its own. */
export const bulkActionsOf = (def: Pick<ResourceDefinition, 'calls' | 'status' | 'bulkActions'>): string[] => [
  ...builtInActionsOf(def),
  ...Object.keys(def.bulkActions ?? {}),
];

export const isBuiltInAction = (action: string): action is BulkAction => action in callOfAction;

/** The definition's own action of that name, if it is one. */
export const bulkExtensionOf = (def: Pick<ResourceDefinition, 'bulkActions'>, action: string): BulkExtension | undefined =>
  isBuiltInAction(action) ? undefined : def.bulkActions?.[action];

/** The single call each bulk action multiplies: its user types, level and checks are the action's. */
export const callOfAction = { 'set-status': 'setStatus', delete: 'remove', 'assign-owner': 'update' } as const satisfies Record<
  BulkAction,
  CallKind
>;

/** At most how many records one call of the action takes. */
export const bulkActionMax = (def: Pick<ResourceDefinition, 'bulkActions'>, action: string) => {
  const extension = bulkExtensionOf(def, action);
  return extension ? (extension.max ?? maxAtOnce) : maxAllRows;
};

export const bulkExtensionTooMany = (extension: BulkExtension) =>
  `Please select at most ${extension.max ?? maxAtOnce} records to ${extension.label.toLowerCase()}`;

/** The value an action of a definition's own takes, as the server checks it. */
export const bulkExtensionValue = (extension: BulkExtension) =>
  z
    .object(
      Object.fromEntries(
        Object.entries(extension.fields).map(([key, field]) => {
          if (field.kind === 'choice') return [key, field.options];
          if (field.kind === 'reference' && field.multiple) {
            const chooseOne = `Please choose ${field.label.toLowerCase()}`;
            return [key, z.array(mongoId(key), { error: chooseOne }).min(1, chooseOne).max(50)];
          }
          if (field.kind === 'reference') return [key, mongoId(key)];
          const text = z
            .string()
            .trim()
            .max(field.max ?? 2000);
          return [key, field.optional ? text.optional() : text.min(1, `Please provide ${field.label.toLowerCase()}`)];
        }),
      ),
    )
    .strict();

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
export const bulkActionWho = (def: ResourceDefinition, action: string): Who[] => {
  const extension = bulkExtensionOf(def, action);
  if (extension) return extension.who.filter((w) => w !== 'public');
  if (!isBuiltInAction(action)) return [];
  const who = (def.calls[callOfAction[action]]?.who ?? []).filter((w) => w !== 'public');
  if (action !== 'assign-owner') return who;
  return who.includes('signed-in') ? [...ownerChoosers] : who.filter((w) => ownerChoosers.includes(w));
};

/** The permission a bulk action needs beside its definition's own, if any. */
export const bulkActionAlsoNeeds = (def: Pick<ResourceDefinition, 'bulkActions'>, action: string) =>
  bulkExtensionOf(def, action)?.alsoNeeds;

/** The level a bulk action needs: the multiplied call's (FULL to delete, WRITE otherwise, unless it says). */
export const bulkActionLevel = (def: ResourceDefinition, action: string): AccessLevel => {
  const extension = bulkExtensionOf(def, action);
  if (extension || !isBuiltInAction(action)) return extension?.level ?? 'WRITE';
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
export const bulkRequest = (def: Pick<ResourceDefinition, 'calls' | 'status' | 'filters' | 'bulkActions'>) => {
  const actions = bulkActionsOf(def);
  const matching = listRequest(def.filters).pick({ search: true, filter: true });
  return z
    .object({
      ids: z.array(mongoId('_id')).min(1, bulkIdsMessage).max(maxAllRows, bulkTooManyMessage).optional(),
      matching: matching.optional(),
      action: z.enum(actions as [string, ...string[]], { error: `action must be one of ${actions.join(', ')}` }),
      // A built-in action's owner or status; an action of the definition's own takes an object of its fields.
      value: z.union([z.string().trim().max(100), z.record(z.string(), z.unknown())]).optional(),
    })
    .strict()
    .superRefine((input, ctx) => {
      if (!input.ids && !input.matching) ctx.addIssue({ code: 'custom', message: bulkIdsMessage, path: ['ids'] });
      if (input.action === 'assign-owner' && !input.value) ctx.addIssue({ code: 'custom', message: bulkOwnerMessage, path: ['value'] });
      if (input.action === 'set-status') {
        const status = def.status?.safeParse(input.value);
        if (!status?.success) ctx.addIssue({ code: 'custom', message: 'Please select a status', path: ['value'] });
      }
      const extension = bulkExtensionOf(def, input.action);
      if (!extension) return;
      if (input.ids && input.ids.length > (extension.max ?? maxAtOnce)) {
        ctx.addIssue({ code: 'custom', message: bulkExtensionTooMany(extension), path: ['ids'] });
      }
      const value = bulkExtensionValue(extension).safeParse(input.value ?? {});
      for (const issue of value.success ? [] : value.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: ['value', ...issue.path.map(String)] });
      }
    });
};

export type BulkRequest = {
  ids?: string[];
  matching?: { search: string; filter: Record<string, unknown> };
  action: string;
  /** The owner's id or the status for a built-in action; the fields of one of the definition's own. */
  value?: string | Record<string, unknown>;
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
