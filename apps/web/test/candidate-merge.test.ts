import { event } from '@app/contract/resources/crm/event';
import { crmNote } from '@app/contract/resources/crm/note';
import { task } from '@app/contract/resources/crm/task';
import { describe, expect, it } from 'vitest';
import { candidatePayload } from '../src/areas/crm/candidate-form';
import {
  defaultChoices,
  describeField,
  differingFields,
  draftCandidate,
  draftDifferingFields,
  draftMergePayload,
  draftOf,
  duplicatesOf,
  mergeDraftPath,
  mergedValue,
  mergePath,
  mergePayload,
} from '../src/areas/crm/candidate-merge';
import {
  candidateEventScreen,
  candidateNoteScreen,
  candidateTaskScreen,
  taskFormFields,
} from '../src/areas/crm/candidate-related-tailoring';
import { ApiError } from '../src/kit/api';
import { deriveColumns } from '../src/kit/derive-columns';
import { deriveFields } from '../src/kit/derive-fields';
import type { Column } from '../src/kit/resource-list';
import { type Tailoring, tailor } from '../src/kit/tailor';

const ada = {
  _id: 'a',
  name: { first: 'Ada', last: 'Lovelace', fullName: 'Ada Lovelace' },
  email: 'ada@example.com',
  phone: '+447700900123',
  address: { city: 'London' },
  about: null,
  skills: [{ _id: 's1', skillId: 'k1', label: 'TypeScript', rating: 4 }],
  languages: [],
  preferences: { jobTypes: [], industries: [], workModel: [], ukDrivingLicence: false, willingToRelocate: false },
};

describe('which fields differ', () => {
  it('compares values, not the ids the server adds, and treats every kind of nothing as equal', () => {
    const copy = {
      ...ada,
      _id: 'b',
      about: '',
      skills: [{ _id: 's9', skillId: 'k1', label: 'TypeScript', rating: 4 }],
      languages: undefined,
      preferences: { jobTypes: [], workModel: [] },
    };
    expect(differingFields(ada, copy)).toEqual([]);
  });

  it('names each field that disagrees, in the merge call’s order', () => {
    const other = { ...ada, _id: 'b', phone: '07700 900123', about: 'Engineer', address: { city: 'Leeds' } };
    expect(differingFields(ada, other)).toEqual(['phone', 'address', 'about']);
  });

  it('starts on the survivor’s side unless only the other side has a value', () => {
    const other = { ...ada, _id: 'b', phone: '07700 900123', about: 'Engineer' };
    expect(defaultChoices(ada, other)).toEqual({ phone: 'survivor', about: 'merged' });
  });
});

describe('the merge payload', () => {
  it('names every differing field’s side, so an empty survivor value kept on purpose stays empty', () => {
    expect(mergePayload({ survivorId: 'a', mergedId: 'b', choices: { phone: 'merged' }, differing: ['phone', 'about'] })).toEqual({
      survivorId: 'a',
      mergedId: 'b',
      fields: { phone: 'merged', about: 'survivor' },
    });
  });

  it('sends no field choices when nothing differs', () => {
    expect(mergePayload({ survivorId: 'a', mergedId: 'b', choices: {}, differing: [] })).toEqual({
      survivorId: 'a',
      mergedId: 'b',
      fields: {},
    });
  });

  it('addresses the merge screen with both ids', () => {
    expect(mergePath('a 1', 'b')).toBe('/crm/candidates/merge?survivor=a%201&merged=b');
  });
});

describe('a group of facts chosen from one side', () => {
  it('keeps the other side’s desired job title when the chosen side has none', () => {
    const survivor = { currentJobTitle: 'Nurse', desiredJobTitle: 'Ward sister', willingToRelocate: true };
    const merged = { currentJobTitle: 'Staff nurse', desiredJobTitle: '', willingToRelocate: false };
    expect(mergedValue('preferences', merged, survivor)).toEqual({
      currentJobTitle: 'Staff nurse',
      desiredJobTitle: 'Ward sister',
      // A "no" is the chosen side's answer, as the merge call keeps it.
      willingToRelocate: false,
    });
    expect(describeField('preferences', mergedValue('preferences', merged, survivor))).toBe('Now: Staff nurse, Wants: Ward sister');
  });

  it('takes one whole address, never half of each', () => {
    expect(mergedValue('address', { city: 'Leeds' }, { city: 'London', postCode: 'N1 1AA' })).toEqual({ city: 'Leeds' });
    expect(mergedValue('about', null, 'Engineer')).toBe('Engineer');
  });
});

describe('merging typed details into an existing candidate (nothing created)', () => {
  const typed = {
    name: { first: 'Ada', last: 'King' },
    email: 'ada@example.com',
    phone: '07700 900999',
    address: { city: 'Leeds' },
    status: 'ACTIVE',
    preferences: { desiredJobTitle: 'Analyst' },
    contactIds: ['c2'],
  };
  const existing = { ...ada, contactIds: ['c1'], address: { city: 'London', postCode: 'N1 1AA' } };

  it('compares only what was typed, the address and preferences laid over the existing ones', () => {
    const draft = draftCandidate(existing, typed);
    expect(draft.address).toEqual({ city: 'Leeds', postCode: 'N1 1AA' });
    expect(draftDifferingFields(existing, draft)).toEqual(['name', 'phone', 'address', 'preferences']);
  });

  it('is one update of the existing candidate with the typed values chosen and both sides’ contacts', () => {
    const draft = draftCandidate(existing, typed);
    const differing = draftDifferingFields(existing, draft);
    const payload = draftMergePayload({
      survivor: existing,
      draft,
      choices: { name: 'survivor', phone: 'merged', address: 'survivor', preferences: 'merged' },
      differing,
    });
    expect(payload).toEqual({
      _id: 'a',
      phone: '07700 900999',
      preferences: { ...ada.preferences, desiredJobTitle: 'Analyst' },
      contactIds: ['c1', 'c2'],
      createAnyway: true,
    });
    expect(payload).not.toHaveProperty('status');
  });

  it('travels in the navigation state, not the address', () => {
    expect(mergeDraftPath('a')).toBe('/crm/candidates/merge?survivor=a');
    expect(draftOf({ draft: typed })).toBe(typed);
    expect(draftOf(null)).toBeNull();
    expect(draftOf({ draft: 'x' })).toBeNull();
  });
});

describe('describing a field', () => {
  it('says lists and objects in words', () => {
    expect(describeField('name', ada.name)).toBe('Ada Lovelace');
    expect(describeField('skills', ada.skills)).toBe('TypeScript');
    expect(describeField('workHistory', [{ jobTitle: 'Engineer', organization: 'Acme' }])).toBe('Engineer at Acme');
    expect(describeField('address', { city: 'London', postCode: 'N1 1AA' })).toBe('London, N1 1AA');
    expect(describeField('about', null)).toBe('');
  });
});

describe('the duplicates of a 409', () => {
  const duplicate = {
    _id: 'a',
    itemId: { prefix: 'CAN', number: 1, combined: 'CAN-1' },
    visible: true,
    name: ada.name,
    email: ada.email,
    phone: ada.phone,
  };

  it('are read from the envelope’s data', () => {
    const error = new ApiError(409, 'A candidate with this email or phone already exists', [], { duplicates: [duplicate] });
    expect(duplicatesOf(error)).toEqual([duplicate]);
  });

  it('are none for any other failure', () => {
    expect(duplicatesOf(new ApiError(400, 'Please enter phone number.'))).toBeNull();
    expect(duplicatesOf(new ApiError(409, 'Conflict', [], { duplicates: [] }))).toBeNull();
    expect(duplicatesOf(new Error('boom'))).toBeNull();
  });
});

describe('the form’s payload', () => {
  it('keeps the parts of the address and preferences the form does not show on an edit', () => {
    const record = { address: { city: 'London', postCode: 'N1 1AA' }, preferences: { jobTypes: [1], noticePeriodId: 'n1' } };
    expect(
      candidatePayload({ address: { city: 'Leeds' }, preferences: { currentJobTitle: 'Dev', noticePeriodId: '' } }, 'edit', record),
    ).toEqual({
      address: { city: 'Leeds', postCode: 'N1 1AA' },
      preferences: { jobTypes: [1], currentJobTitle: 'Dev', noticePeriodId: null },
    });
  });

  it('leaves an unpicked notice period out of a create', () => {
    expect(candidatePayload({ preferences: { currentJobTitle: 'Dev', noticePeriodId: '' } }, 'create')).toEqual({
      preferences: { currentJobTitle: 'Dev' },
    });
  });
});

describe('the candidate page’s related lists', () => {
  it('tailor the notes, tasks and events columns without an unknown key', () => {
    const headers = (resource: Parameters<typeof deriveColumns>[0], tailoring: Tailoring<Column<Record<string, unknown>>>) =>
      tailor(deriveColumns<Record<string, unknown>>(resource), (column) => column.key, tailoring).map((column) => column.key);
    expect(headers(crmNote, candidateNoteScreen.columns as never)).toEqual(['note', 'isImportant', 'added']);
    expect(headers(task, candidateTaskScreen.columns as never)).toEqual(['title', 'status', 'priority', 'assigneeIds', 'dueDate']);
    expect(headers(event, candidateEventScreen.columns as never)).toEqual(['title', 'starts']);
  });

  it("tailor the task form (the Tasks page and a candidate's Tasks tab) without an unknown key", () => {
    const names = tailor(deriveFields(task), (field) => field.name, taskFormFields).map((field) => field.name);
    expect(names).toEqual(['title', 'description', 'status', 'priority', 'assigneeIds', 'dueDate', 'comment']);
  });
});
