import type { ResourceDefinition } from '@app/contract/define-resource';
import { resources } from '@app/contract/resources/registry';

/**
 * The contract's registry is the list of resources (the generic suite and the API docs go by it), so
 * the server refuses to start when an area registers a resource the registry lacks, or the registry
 * lists one no area registers.
 */
export const checkRegistry = (registered: readonly ResourceDefinition[], listed: readonly ResourceDefinition[] = resources) => {
  const registeredNames = new Set(registered.map((def) => def.name));
  const listedNames = new Set(listed.map((def) => def.name));
  const unlisted = [...registeredNames].filter((name) => !listedNames.has(name));
  const unregistered = [...listedNames].filter((name) => !registeredNames.has(name));
  const problems = [
    unlisted.length > 0 ? `registered but not in the contract registry: ${unlisted.join(', ')}` : '',
    unregistered.length > 0 ? `in the contract registry but never registered: ${unregistered.join(', ')}` : '',
  ].filter(Boolean);
  if (problems.length > 0) throw new Error(`Resource registry mismatch: ${problems.join('; ')}`);
  // The same name for two definitions would mix their entity logs and docs.
  for (const def of registered) {
    if (listed.find((l) => l.name === def.name) !== def)
      throw new Error(`Resource ${def.name} is registered with a definition the registry does not hold`);
  }
};
