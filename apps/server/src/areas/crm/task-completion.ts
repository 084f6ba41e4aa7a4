import type { task } from '@app/contract/resources/crm/task';
import type { ResourceHooks } from '../../engine/resource-hooks';

type TaskHooks = ResourceHooks<typeof task>;

/** A task made DONE is completed now. */
export const completeOnCreate: TaskHooks['beforeCreate'] = ({ values }) => ({
  ...values,
  completedAt: values.status === 'DONE' ? new Date() : null,
});

/**
 * `completedAt` follows the status: set when it becomes DONE, kept while it stays DONE, cleared when
 * it leaves DONE. An update without a status leaves it as it is.
 */
export const completeOnUpdate: TaskHooks['beforeUpdate'] = ({ values, before }) => {
  if (values.status === undefined) return values;
  if (values.status !== 'DONE') return { ...values, completedAt: null };
  return before.status === 'DONE' ? values : { ...values, completedAt: new Date() };
};
