import type { ItemId } from '@app/contract/conventions/common';
import type { ListRequest, ListResult } from '@app/contract/conventions/list';
import type { CallKind, CallSpec, ResourceDefinition, WorkflowDefinition } from '@app/contract/define-resource';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from './api';

/** What every record carries besides its own fields. */
export type RecordMeta = {
  _id: string;
  itemId?: ItemId | null;
  organisationId?: string | null;
  createdAt?: string;
  updatedAt?: string;
};

export type RecordOf<D extends ResourceDefinition> = z.output<D['fields']> & RecordMeta;
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
    queryFn: ({ signal }) => callApi<ListResult<RecordOf<D>>>(callOf(resource, 'list'), request, { signal }),
    placeholderData: keepPreviousData,
    enabled: Boolean(resource.calls.list) && (options.enabled ?? true),
  });

export const useDetails = <D extends ResourceDefinition>(resource: D, id: string | undefined) =>
  useQuery({
    queryKey: [resource.name, 'details', id],
    queryFn: ({ signal }) => callApi<RecordOf<D>>(callOf(resource, 'details'), { _id: id }, { signal }),
    enabled: Boolean(resource.calls.details && id),
  });

const useWrite = <D extends ResourceDefinition, Input>(
  resource: D,
  kind: CallKind,
  toInput: (input: Input) => unknown = (input) => input,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => callApi<RecordOf<D>>(callOf(resource, kind), toInput(input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKey(resource) }),
  });
};

/** A delete whose path carries the id (`DELETE /article/author/{id}`) takes the record's `_id` there. */
const removeInput = (resource: ResourceDefinition) => (input: { _id: string }) =>
  resource.calls.remove?.path.includes('{id}') ? { id: input._id } : input;

export const useCreate = <D extends ResourceDefinition>(resource: D) => useWrite<D, CreateInput<D>>(resource, 'create');
export const useUpdate = <D extends ResourceDefinition>(resource: D) => useWrite<D, UpdateInput<D>>(resource, 'update');
export const useRemove = <D extends ResourceDefinition>(resource: D) =>
  useWrite<D, { _id: string }>(resource, 'remove', removeInput(resource));
export const useSetStatus = <D extends ResourceDefinition>(resource: D) =>
  useWrite<D, { _id: string; status: string }>(resource, 'setStatus');

/** A workflow call (sign in, change password, update own profile); `invalidates` names the resources it changes. */
export const useCall = <W extends WorkflowDefinition, Out = unknown>(
  workflow: W,
  options: { invalidates?: readonly ResourceDefinition[] } = {},
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<W['input']>) => callApi<Out>(workflow, input),
    onSuccess: async () => {
      for (const resource of options.invalidates ?? []) await queryClient.invalidateQueries({ queryKey: resourceKey(resource) });
    },
  });
};
