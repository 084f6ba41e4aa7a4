import type { ListRequest } from '@app/contract/conventions/list';
import type { ResourceDefinition } from '@app/contract/define-resource';
import type { CallContext } from './context';
import type { ResourceRepository } from './repository';

/** A generic call's handler, or the workflow replacing it: the call's context with its input and the repository. */
export type KindHandler<Def extends ResourceDefinition = ResourceDefinition> = (
  ctx: CallContext & { input: any; repository: ResourceRepository<Def> },
) => Promise<unknown>;

/** What a bulk action or an export matches: the list's search and filter. */
export type Matching = Pick<ListRequest, 'search' | 'filter'>;
