import { describe, expect, it } from 'vitest';
import { contactPayload } from '../src/areas/crm/contact-form';

const person = { name: { first: 'Ada', last: 'Lovelace' }, email: 'ada@acme.example' };

describe('the contact form’s payload', () => {
  it('sends the phone as a list of numbers, none when empty, and drops emptied optional text', () => {
    const withPhone = contactPayload(
      { profile: { ...person, contactNumbers: { 0: { number: '+447700900777' } }, designation: '' } },
      'create',
    );
    expect(withPhone.profile).toEqual({ ...person, contactNumbers: [{ number: '+447700900777' }] });
    const without = contactPayload({ profile: { ...person, contactNumbers: { 0: { number: '' } } } }, 'create');
    expect((without.profile as { contactNumbers: unknown[] }).contactNumbers).toEqual([]);
  });

  it('relates the contact to the client picked, or to the page’s client, and leaves it there on an edit of that page', () => {
    expect(contactPayload({ profile: person, clientId: 'c1' }, 'create').relatedTo).toEqual([{ _id: 'c1', entityType: 'Client' }]);
    expect(contactPayload({ profile: person, clientId: '' }, 'edit').relatedTo).toEqual([]);
    expect(contactPayload({ profile: person }, 'create', 'c2').relatedTo).toEqual([{ _id: 'c2', entityType: 'Client' }]);
    expect('relatedTo' in contactPayload({ profile: person }, 'edit', 'c2')).toBe(false);
    expect('clientId' in contactPayload({ profile: person, clientId: 'c1' }, 'create')).toBe(false);
  });
});
