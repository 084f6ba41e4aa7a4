import type { ResourceDefinition } from '@app/contract/define-resource';
import type { FieldDescriptor } from './field-descriptor';
import type { FilterControl } from './list-filters';
import type { Column } from './resource-list';
import type { Tailoring } from './tailor';
import type { RecordOf } from './use-resource';

/** How one screen differs from its definition: its columns, form fields and filters, each tailored. */
export type ScreenTailoring<D extends ResourceDefinition> = {
  resource: D;
  columns?: Tailoring<Column<RecordOf<D>>>;
  fields?: Tailoring<FieldDescriptor>;
  filters?: Tailoring<FilterControl>;
};

/**
 * A screen's tailoring, exported beside the screen and spread into its `<ResourceScreen {...screen} />`:
 * a unit test (test/screen-tailorings.test.ts) finds every one and fails on a key its definition lacks,
 * before a person opens the screen to an error.
 */
export const screenTailoring = <D extends ResourceDefinition>(screen: ScreenTailoring<D>) => screen;

/** Whether a module's export is a screen's tailoring (for the test that checks them all). */
export const isScreenTailoring = (value: unknown): value is ScreenTailoring<ResourceDefinition> =>
  typeof value === 'object' &&
  value !== null &&
  'resource' in value &&
  typeof (value as { resource: { name?: unknown } }).resource?.name === 'string';
