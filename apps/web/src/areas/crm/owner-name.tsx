import { organisationStaff } from '@app/contract/resources/organisation-staff';
import { useCan } from '../../kit/can';
import { useDetails } from '../../kit/use-resource';

type Owned = { ownerId?: string | null; createdBy?: { _id?: string | null; name?: string | null } | null };

/** Who owns a record: the creator's name when they are the owner, else the staff member's if this user may read staff. */
export const OwnerName = ({ record }: { record: Owned }) => {
  const can = useCan();
  const known = record.createdBy?._id === record.ownerId ? record.createdBy?.name : undefined;
  const staff = useDetails(
    organisationStaff,
    !known && record.ownerId && can.do(organisationStaff, 'details') ? record.ownerId : undefined,
  );
  const name = known ?? staff.data?.name?.fullName;
  return <>{name || (record.ownerId ? 'A colleague' : 'Nobody')}</>;
};
