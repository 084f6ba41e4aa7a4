import type { CallKind, CallSpec, ResourceDefinition } from '@app/contract/define-resource';

/**
 * The same resource answered through other calls: the platform admin's workflows on companies
 * and job seekers (`/admin/recruiter/list`, `/admin/recruiter/add`...) or a delete the spec made a
 * workflow (`DELETE /article/author/{id}`). The list, forms and hooks then work on it unchanged,
 * and since the name stays, writes through either refresh the same lists.
 */
export const withCalls = <D extends ResourceDefinition>(resource: D, calls: Partial<Record<CallKind, CallSpec>>): D => ({
  ...resource,
  calls: { ...resource.calls, ...calls },
});
