import { describe, expect, it } from 'vitest';
import { changesOf, entityInWords, fieldInWords, recordLabelOf, valueInWords } from '../src/areas/crm/audit-changes';

const names = new Map([['64b7f0c2a1b2c3d4e5f60718', 'Priya Shah']]);

describe('the audit log in words', () => {
  it('says values as people read them, never an id', () => {
    expect(valueInWords('64b7f0c2a1b2c3d4e5f60718', names)).toBe('Priya Shah');
    expect(valueInWords('aaaaaaaaaaaaaaaaaaaaaaaa', names)).toBe('another record');
    expect(valueInWords(['64b7f0c2a1b2c3d4e5f60718'], names)).toBe('Priya Shah');
    expect(valueInWords('IN_PROGRESS', names)).toBe('In progress');
    expect(valueInWords(true, names)).toBe('Yes');
    expect(valueInWords(null, names)).toBe('—');
    expect(valueInWords({ first: 'Ada', last: 'Admin' }, names)).toBe('Ada Admin');
    expect(valueInWords({ _id: '64b7f0c2a1b2c3d4e5f60718', entityType: 'Client' }, names)).toBe('Priya Shah');
  });

  it('lists the changed fields before and after, leaving bookkeeping out', () => {
    const changes = changesOf(
      {
        from: { status: 'TODO', assigneeIds: [], updatedAt: '2026-01-01T00:00:00Z' },
        to: { status: 'DONE', assigneeIds: ['64b7f0c2a1b2c3d4e5f60718'], updatedAt: '2026-01-02T00:00:00Z' },
      },
      names,
    );
    expect(changes).toEqual([
      { field: 'Status', before: 'Todo', after: 'Done' },
      { field: 'Assignees', before: '—', after: 'Priya Shah' },
    ]);
  });

  it('names fields, record types and the record', () => {
    expect(fieldInWords('roleIds')).toBe('Roles');
    // A logged key that is a property of every object is still only a key.
    expect(fieldInWords('constructor', 'Candidate')).toBe('Constructor');
    expect(fieldInWords('toString', 'Candidate')).toBe('To string');
    expect(entityInWords('OrganisationStaff')).toBe('Staff member');
    expect(entityInWords('Client')).toBe('Client');
    expect(recordLabelOf({ description: 'Ada Admin updated Client CLI-3 Acme Ltd', entityType: 'Client' })).toBe('CLI-3 Acme Ltd');
    expect(recordLabelOf({ description: 'Ada Admin updated Role 64b7f0c2a1b2c3d4e5f60718', entityType: 'Role' })).toBe('');
  });
});
