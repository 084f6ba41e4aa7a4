import type { ResourceDefinition } from '@app/contract/define-resource';
import { useMemo } from 'react';
import { mayDo } from '../../kit/can';
import { useSession } from '../../kit/session';
import { type RecordOf, useList } from '../../kit/use-resource';

/** Id → name of a lookup resource, for showing names in another resource's table; empty when the user may not list it. */
export const useNames = <D extends ResourceDefinition>(resource: D, nameOf: (row: RecordOf<D>) => string) => {
  const { user } = useSession();
  const list = useList(resource, { limit: 'ALL' }, { enabled: mayDo(user?.userType, resource, 'list') });
  const results = list.data?.results;
  // biome-ignore lint/correctness/useExhaustiveDependencies: nameOf is a pure projection given inline
  return useMemo(() => new Map((results ?? []).map((row) => [row._id, nameOf(row)])), [results]);
};
