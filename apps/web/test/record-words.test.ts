import { resources } from '@app/contract/resources/registry';
import { describe, expect, it } from 'vitest';
import { activitySentence, changesOf, fieldInWords, isSecretField, loggedEntityTypes, nounOfEntity } from '../src/areas/crm/audit-changes';
import { shapeOf } from '../src/kit/schema-facts';

/** What gives away that words were not found: a type name, a camelCase key, an id, a column. */
const raw = /[a-z][A-Z]|_|\bid\b|^[A-Z][a-z]+[A-Z]/;

describe('records read as names', () => {
  it('every entity type the log names has a noun a person says', () => {
    for (const type of loggedEntityTypes) {
      const noun = nounOfEntity(type);
      expect(noun, type).not.toMatch(raw);
      expect(noun, type).not.toMatch(/^crm/i);
      expect(noun.trim(), type).not.toBe('');
    }
    expect(nounOfEntity('OrganisationStaff')).toBe('staff member');
    expect(nounOfEntity('TeamMember')).toBe('team member');
    expect(nounOfEntity('CrmNote')).toBe('note');
  });

  it('every field of every definition has a label, never its key', () => {
    for (const def of resources) {
      for (const key of Object.keys(shapeOf(def.fields))) {
        const label = fieldInWords(key, def.name);
        expect(label, `${def.name}.${key}`).not.toMatch(raw);
        expect(label.trim(), `${def.name}.${key}`).not.toBe('');
      }
    }
  });

  it('says who did what to which record, never a type name or an id', () => {
    const names = new Map([
      ['64b7f0c2a1b2c3d4e5f60718', 'Mateo Patel'],
      ['64b7f0c2a1b2c3d4e5f60719', 'Nurses'],
    ]);
    const member = { userId: '64b7f0c2a1b2c3d4e5f60718', teamId: '64b7f0c2a1b2c3d4e5f60719' };
    const joined = { action: 'CREATE', entityType: 'TeamMember', description: 'Priya Shah created TeamMember 64b7f0c2a1b2c3d4e5f607aa' };
    expect(activitySentence({ ...joined, user: { name: 'Priya Shah' }, to: member }, names)).toBe(
      'Priya Shah added Mateo Patel to the Nurses team',
    );
    expect(activitySentence({ ...joined, action: 'DELETE', user: { name: 'Priya Shah' }, from: member }, names)).toBe(
      'Priya Shah removed Mateo Patel from the Nurses team',
    );
    expect(activitySentence({ ...joined, user: { name: 'Priya Shah' } }, new Map())).toBe('Priya Shah added a team member');
    expect(
      activitySentence(
        { action: 'UPDATE', entityType: 'CrmNote', description: 'Ada Admin updated CrmNote Called back', user: { name: 'Ada Admin' } },
        names,
      ),
    ).toBe('Ada Admin updated note Called back');
    expect(
      activitySentence(
        {
          action: 'UPDATE',
          entityType: 'OrganisationStaff',
          description: 'Ada Admin updated OrganisationStaff 64b7f0c2a1b2c3d4e5f60718',
          user: null,
        },
        names,
      ),
    ).toBe('The system updated a staff member');
  });

  it('hides secrets entirely, not even that they changed', () => {
    expect(isSecretField('passwordHash')).toBe(true);
    expect(isSecretField('resetToken')).toBe(true);
    const changes = changesOf(
      { entityType: 'OrganisationStaff', from: { passwordHash: 'a', phone: '1' }, to: { passwordHash: 'b', phone: '2' } },
      new Map(),
    );
    expect(changes.map((change) => change.field)).toEqual(['Phone']);
    expect(JSON.stringify(changes)).not.toMatch(/password/i);
  });
});
