import { client } from '@app/contract/resources/crm/client';
import type { FieldDescriptor, FormMode } from '../../kit/field-descriptor';

/** The first phone number, edited as one text field (the API keeps a list of numbers). */
export const phoneField = 'profile.contactNumbers.0.number';

const personFields: FieldDescriptor[] = [
  { name: 'profile.name.first', label: 'First name', kind: 'text', required: true, half: true },
  { name: 'profile.name.last', label: 'Last name', kind: 'text', half: true },
  { name: 'profile.email', label: 'Email', kind: 'email', required: true, half: true },
  { name: phoneField, label: 'Phone', kind: 'text', half: true },
  { name: 'profile.designation', label: 'Job title', kind: 'text', half: true },
  { name: 'profile.linkedInLink', label: 'LinkedIn', kind: 'url', half: true },
];

/** The client a contact belongs to, picked among the agency's clients (its related-to entry). */
const clientField: FieldDescriptor = {
  name: 'clientId',
  label: 'Client',
  kind: 'select',
  reference: { resource: client, labelField: 'name', expandAs: 'client' },
};

/**
 * The contact form: the person, then stage and type; staff also pick the client unless the screen
 * is one client's already (its page, or a client user's portal, where the server decides).
 */
export const contactFields = (input: { pickClient: boolean }) => ({
  pick: [...personFields.map((field) => field.name), ...(input.pickClient ? ['clientId'] : []), 'stage', 'type'],
  add: [...personFields, clientField],
});

/**
 * What the form's values become for the API: the phone as a list of numbers (none when empty), and
 * the client as the contact's related-to entry (`fixedClientId` on a client's own page).
 */
export const contactPayload = (payload: Record<string, unknown>, mode: FormMode, fixedClientId?: string) => {
  const { clientId, ...rest } = payload;
  const profile = { ...((rest.profile as Record<string, unknown> | undefined) ?? {}) };
  const numbers = Object.values((profile.contactNumbers as Record<string, { number?: string }> | undefined) ?? {});
  profile.contactNumbers = numbers.filter((entry) => typeof entry?.number === 'string' && entry.number !== '');
  for (const key of ['designation', 'linkedInLink']) if (profile[key] === '' || profile[key] === null) delete profile[key];
  const chosen = fixedClientId ?? (typeof clientId === 'string' && clientId !== '' ? clientId : undefined);
  const relatedTo = chosen ? [{ _id: chosen, entityType: 'Client' }] : [];
  // An edit on a client's own page keeps the contact where it is: only the staff form moves it.
  const sendsRelatedTo = mode === 'create' || (fixedClientId === undefined && 'clientId' in payload);
  return { ...rest, profile, ...(sendsRelatedTo ? { relatedTo } : {}) };
};
