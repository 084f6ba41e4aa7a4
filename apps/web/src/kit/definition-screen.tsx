import type { ResourceDefinition } from '@app/contract/define-resource';
import { ResourceScreen } from './resource-screen';

/** A section with no screen file of its own: its definition's list and form, untailored. */
export const DefinitionScreen = ({ resource }: { resource: ResourceDefinition }) => <ResourceScreen resource={resource} />;
