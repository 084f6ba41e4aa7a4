import type { FieldDescriptor } from '../../kit/field-descriptor';
import type { Tailoring } from '../../kit/tailor';

const text = (name: string, label: string, section?: string) => ({ name, label, kind: 'text' as const, half: true, section });

/**
 * The client form, wherever a client is added or edited (the clients list, a client's page): the
 * definition's fields, with the parts of its phone and address people fill in.
 */
export const clientFormFields: Tailoring<FieldDescriptor> = {
  add: [
    text('phone.number', 'Phone'),
    text('address.building', 'Building', 'Address'),
    text('address.street', 'Street', 'Address'),
    text('address.city', 'Town or city', 'Address'),
    text('address.postCode', 'Postcode', 'Address'),
    text('address.country', 'Country', 'Address'),
  ],
  change: {
    website: { placeholder: 'https://example.com', nullable: true },
    industries: { description: 'Press Enter after each one' },
  },
  pick: [
    'name',
    'email',
    'phone.number',
    'website',
    'industries',
    'address.building',
    'address.street',
    'address.city',
    'address.postCode',
    'address.country',
    'about',
    'status',
  ],
};

/** An emptied phone is no phone (the API refuses a phone without its number). */
export const clientPayload = (payload: Record<string, unknown>) => {
  const phone = payload.phone as { number?: string } | undefined;
  return phone && !phone.number ? { ...payload, phone: null } : payload;
};
