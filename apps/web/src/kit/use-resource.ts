import type { ListRequest } from '@app/contract/conventions/list';
import type { RecordOf } from '@app/contract/conventions/record';
import type { CallKind, CallSpec, ResourceDefinition, WorkflowDefinition } from '@app/contract/define-resource';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi, callList, callResource, type ResourceInputOf } from './api';

/** A record as the server answers it: `recordSchema`'s type (the contract's). */
export type { RecordOf };
export type CreateInput<D extends ResourceDefinition> = z.input<D['create']>;
export type UpdateInput<D extends ResourceDefinition> = z.input<D['update']>;

export const callOf = (resource: ResourceDefinition, kind: CallKind): CallSpec => {
  const call = resource.calls[kind];
  if (!call) throw new Error(`${resource.name} has no ${kind} call`);
  return call;
};

export const resourceKey = (resource: ResourceDefinition) => [resource.name] as const;

export const listKey = (resource: ResourceDefinition, request: Partial<ListRequest>) => [resource.name, 'list', request] as const;

/** Lists are loaded with the same request the server's list engine takes; earlier pages stay visible while the next one loads. */
export const useList = <D extends ResourceDefinition>(
  resource: D,
  request: Partial<ListRequest> = {},
  options: { enabled?: boolean } = {},
) =>
  useQuery({
    queryKey: listKey(resource, request),
    queryFn: ({ signal }) => callList(resource, request, { signal }),
    placeholderData: keepPreviousData,
    enabled: Boolean(resource.calls.list) && (options.enabled ?? true),
  });

export const useDetails = <D extends ResourceDefinition>(resource: D, id: string | undefined) =>
  useQuery({
    queryKey: [resource.name, 'details', id],
    queryFn: ({ signal }) => callResource(resource, 'details', { _id: id ?? '' }, { signal }) as Promise<RecordOf<D>>,
    enabled: Boolean(resource.calls.details && id),
  });

const useWrite = <D extends ResourceDefinition, K extends CallKind, Input>(
  resource: D,
  kind: K,
  toInput: (input: Input) => ResourceInputOf<D, K> = (input) => input as ResourceInputOf<D, K>,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => callResource(resource, kind, toInput(input)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: resourceKey(resource) });
      // What a record points at may show it, or change with it (an interview moves its application on):
      // their screens on show read again too.
      for (const name of referencedResources(resource)) await queryClient.invalidateQueries({ queryKey: [name] });
    },
  });
};

const referencedResources = (resource: ResourceDefinition) =>
  [...new Set(Object.values(resource.references ?? {}).map((reference) => reference.resource))].filter((name) => name !== resource.name);

/** A delete whose path carries the id (`DELETE /article/author/{id}`) takes the record's `_id` there. */
const removeInput = (resource: ResourceDefinition) => (input: { _id: string }) =>
  resource.calls.remove?.path.includes('{id}') ? { id: input._id } : input;

export const useCreate = <D extends ResourceDefinition>(resource: D) => useWrite<D, 'create', CreateInput<D>>(resource, 'create');
export const useUpdate = <D extends ResourceDefinition>(resource: D) => useWrite<D, 'update', UpdateInput<D>>(resource, 'update');
export const useRemove = <D extends ResourceDefinition>(resource: D) =>
  useWrite<D, 'remove', { _id: string }>(resource, 'remove', removeInput(resource));
export const useSetStatus = <D extends ResourceDefinition>(resource: D) =>
  useWrite<D, 'setStatus', { _id: string; status: string }>(resource, 'setStatus');

/** A workflow call (sign in, change password, update own profile); `invalidates` names the resources it changes. */
export const useCall = <W extends WorkflowDefinition>(workflow: W, options: { invalidates?: readonly ResourceDefinition[] } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<W['input']>): Promise<z.output<W['output']>> => callApi(workflow, input),
    onSuccess: async () => {
      for (const resource of options.invalidates ?? []) await queryClient.invalidateQueries({ queryKey: resourceKey(resource) });
    },
  });
};
