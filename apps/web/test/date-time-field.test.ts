import { task } from '@app/contract/resources/crm/task';
import { describe, expect, it } from 'vitest';
import { deriveFields } from '../src/kit/derive-fields';
import type { FieldDescriptor } from '../src/kit/field-descriptor';
import { initialValuesOf, localDateTime, payloadOf } from '../src/kit/form-values';
import { tailor } from '../src/kit/tailor';

const due: FieldDescriptor = { name: 'dueDate', label: 'Due date', kind: 'dateTime', nullable: true };

describe('a timestamp field (a task’s due date)', () => {
  it('shows a stored instant in the person’s own time, to the minute', () => {
    const instant = new Date(2026, 10, 23, 17, 45, 30).toISOString();
    expect(localDateTime(instant)).toBe('2026-11-23T17:45');
    expect(initialValuesOf([due], { dueDate: instant })).toEqual({ dueDate: '2026-11-23T17:45' });
    expect(initialValuesOf([due], { dueDate: null })).toEqual({ dueDate: '' });
  });

  it('sends what the input holds as the instant it names; emptied in an edit, null', () => {
    expect(payloadOf([due], { dueDate: '2026-11-23T23:59' }, 'omit')).toEqual({ dueDate: new Date(2026, 10, 23, 23, 59).toISOString() });
    expect(payloadOf([due], { dueDate: '' }, 'omit')).toEqual({});
    expect(payloadOf([due], { dueDate: '' }, 'keep')).toEqual({ dueDate: null });
  });

  it('is added by the tasks screen, since a timestamp has no derived input (picking it alone would fail)', () => {
    const keyOf = (field: FieldDescriptor) => field.name;
    expect(() => tailor(deriveFields(task), keyOf, { pick: ['title', 'dueDate'] })).toThrow('No field or column dueDate to tailor');
    expect(tailor(deriveFields(task), keyOf, { pick: ['title', 'dueDate'], add: [due] }).map((field) => field.kind)).toEqual([
      'text',
      'dateTime',
    ]);
  });
});
