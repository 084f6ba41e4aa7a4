import { entityLog } from '@app/contract/resources/entity-log';
import { skill } from '@app/contract/resources/job-board/lookups';
import { resources } from '@app/contract/resources/registry';
import { describe, expect, it } from 'vitest';
import { skills } from '../src/db/schema/lookups';
import { checkRegistry } from '../src/engine/registry-check';
import { resourceRepository } from '../src/engine/repository';

/** A definition whose keys drift from its table must stop the server, not answer a 500 later. */
describe('a definition checked against its table', () => {
  it('builds a repository when every field, search path and filter has a column', () => {
    expect(() => resourceRepository(skill, skills)).not.toThrow();
  });

  it('refuses a filter key with no column, naming the resource and the key', () => {
    const broken = { ...skill, filters: { ...skill.filters, colour: skill.filters.status! } };
    expect(() => resourceRepository(broken, skills)).toThrow(/Resource Skill \(table skills\): filter "colour" has no column/);
  });

  it('refuses a search path whose first segment is no column, and accepts a dotted path into one', () => {
    expect(() => resourceRepository({ ...skill, search: ['title.text'] }, skills)).toThrow(/Resource Skill .*search path "title.text"/);
    expect(() => resourceRepository({ ...skill, search: ['label.anything'] }, skills)).not.toThrow();
  });

  it('refuses a field with no column unless the definition lists it as computed', () => {
    const fields = skill.fields.extend({ usedBy: skill.fields.shape.label });
    expect(() => resourceRepository({ ...skill, fields }, skills)).toThrow(/field "usedBy" has no column/);
    expect(() => resourceRepository({ ...skill, fields, computed: ['usedBy'] }, skills)).not.toThrow();
  });

  it('refuses a computed key that is a column, so computed never hides a real one', () => {
    expect(() => resourceRepository({ ...skill, computed: ['label'] }, skills)).toThrow(/computed "label"/);
  });
});

describe('the registry checked against the registered resources', () => {
  it('passes when both hold the same definitions', () => {
    expect(() => checkRegistry(resources)).not.toThrow();
  });

  it('refuses a registry entry no area registers', () => {
    expect(() => checkRegistry(resources.filter((r) => r !== skill))).toThrow(/in the contract registry but never registered: Skill/);
  });

  it('refuses a registered resource the registry lacks', () => {
    expect(() =>
      checkRegistry(
        resources,
        resources.filter((r) => r !== entityLog),
      ),
    ).toThrow(/registered but not in the contract registry: EntityLog/);
  });

  it('refuses a different definition under a registered name', () => {
    expect(() => checkRegistry([...resources.filter((r) => r !== skill), { ...skill }])).toThrow(
      /Resource Skill is registered with a definition/,
    );
  });
});
