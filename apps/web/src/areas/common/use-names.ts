import type { ResourceDefinition } from '@app/contract/define-resource';
import { organisation, organisationLookup } from '@app/contract/resources/organisation';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useCan } from '../../kit/can';
import { type RecordOf, resourceKey, useList } from '../../kit/use-resource';
import { organisationSummaries } from './lookups';

/** Id → name of a lookup resource, for showing names in another resource's table; empty when the user may not list it (by user type or CRM permission). */
export const useNames = <D extends ResourceDefinition>(resource: D, nameOf: (row: RecordOf<D>) => string) => {
  const can = useCan();
  const list = useList(resource, { limit: 'ALL' }, { enabled: can.do(resource, 'list') });
  const results = list.data?.results;
  // biome-ignore lint/correctness/useExhaustiveDependencies: nameOf is a pure projection given inline
  return useMemo(() => new Map((results ?? []).map((row) => [row._id, nameOf(row)])), [results]);
};

/**
 * Id → name of every organisation for platform admins' tables (undefined while it loads; empty for
 * anyone else). Any change to organisations refreshes it.
 */
export const useOrganisationNames = (): Map<string, string> | undefined => {
  const can = useCan();
  const lookup = useQuery({
    queryKey: [...resourceKey(organisation), 'lookup'],
    queryFn: ({ signal }) => organisationSummaries(signal),
    enabled: can.call(organisationLookup),
    staleTime: 30_000,
  });
  const names = useMemo(() => new Map((lookup.data ?? []).map((row) => [row._id, row.name])), [lookup.data]);
  return lookup.isLoading ? undefined : names;
};
