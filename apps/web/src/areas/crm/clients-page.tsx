import { client } from '@app/contract/resources/crm/client';
import { IconEye } from '@tabler/icons-react';
import { ResourceScreen } from '../../kit/resource-screen';
import { RowLink } from '../../kit/row-actions';
import { screenTailoring } from '../../kit/screen-tailoring';

/** The definition's fields, plus the parts of its phone and address people fill in on the form. */
const fields = {
  add: [
    { name: 'phone.number', label: 'Phone', kind: 'text' as const, half: true },
    { name: 'address.city', label: 'Town or city', kind: 'text' as const, half: true },
  ],
  pick: ['name', 'email', 'phone.number', 'address.city', 'about', 'status'],
};

export const clientScreen = screenTailoring({ resource: client, fields });

/** An emptied phone is no phone (the API refuses a phone without its number). */
const toPayload = (payload: Record<string, unknown>) => {
  const phone = payload.phone as { number?: string } | undefined;
  return phone && !phone.number ? { ...payload, phone: null } : payload;
};

/** /crm/clients: the companies the agency recruits for. */
export const ClientsPage = () => (
  <ResourceScreen
    {...clientScreen}
    description="The companies you recruit for."
    searchPlaceholder="Name, email, phone or CLI number"
    toPayload={toPayload}
    rowExtra={(row) => (
      <RowLink name={`Open ${row.name}`} to={`/crm/clients/${row._id}`}>
        <IconEye size={18} aria-hidden />
      </RowLink>
    )}
  />
);
