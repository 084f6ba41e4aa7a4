import { candidate } from '@app/contract/resources/crm/candidate';
import { contact } from '@app/contract/resources/crm/contact';
import { task } from '@app/contract/resources/crm/task';
import { describe, expect, it } from 'vitest';
import { initialValuesOf, payloadOf, relatedToken } from '../src/kit/form-values';
import { nameColumnOf } from '../src/kit/name-cell';
import { recordPageOf, recordPathOf } from '../src/kit/record-paths';

describe('where a record opens', () => {
  it('is its own page where it has one, else its list with it open, else nowhere', () => {
    expect(recordPathOf('Client', 'c1')).toBe('/crm/clients/c1');
    expect(recordPathOf('Candidate', 'p1')).toBe('/crm/candidates/p1');
    expect(recordPathOf('Task', 't1')).toBe('/crm/tasks?open=t1');
    expect(recordPathOf('Call Log', 'l1')).toBe('/crm/call-logs?open=l1');
    expect(recordPathOf('TeamMember', 'm1')).toBe('/crm/teams');
    expect(recordPathOf('Spaceship', 's1')).toBeUndefined();
    expect(recordPageOf('Task', 't1')).toBeUndefined();
  });

  it('from the column showing the label field, or a name or title column', () => {
    expect(
      nameColumnOf(
        [
          { key: 'status', header: 'Status' },
          { key: 'name.fullName', header: 'Name' },
        ],
        candidate,
      ),
    ).toBe('name.fullName');
    expect(
      nameColumnOf(
        [
          { key: 'status', header: 'Status' },
          { key: 'title', header: 'Title' },
        ],
        task,
      ),
    ).toBe('title');
    // A contact's label is deep in its profile; its list's "name" column shows it.
    expect(
      nameColumnOf(
        [
          { key: 'email', header: 'Email' },
          { key: 'name', header: 'Name' },
        ],
        contact,
      ),
    ).toBe('name');
    expect(nameColumnOf([{ key: 'email', header: 'Email' }], contact)).toBeUndefined();
  });
});

describe('a linked-records field', () => {
  const fields = [{ name: 'relatedTo', label: 'Linked to', kind: 'related' as const }];

  it('holds the record’s related-to list as Kind:id and sends it back as entries', () => {
    const record = { relatedTo: [{ _id: 'a1', entityType: 'Candidate', itemId: { combined: 'CAN-1' } }] };
    const values = initialValuesOf(fields, record);
    expect(values.relatedTo).toEqual(['Candidate:a1']);
    const picked = [...(values.relatedTo as string[]), relatedToken({ entityType: 'Call Log', _id: 'b2' })];
    expect(payloadOf(fields, { relatedTo: picked }, 'omit')).toEqual({
      relatedTo: [
        { entityType: 'Candidate', _id: 'a1' },
        { entityType: 'Call Log', _id: 'b2' },
      ],
    });
    expect(payloadOf(fields, { relatedTo: [] }, 'keep')).toEqual({ relatedTo: [] });
  });
});
