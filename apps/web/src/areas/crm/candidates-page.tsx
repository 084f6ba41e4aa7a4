import { candidate } from '@app/contract/resources/crm/candidate';
import { ResourceScreen } from '../../kit/resource-screen';
import { candidateColumns, candidateFields } from './candidate-list-tailoring';

/** /crm/candidates: the people the agency may place, with saved views, columns, bulk actions and export. */
export const CandidatesPage = () => (
  <ResourceScreen
    resource={candidate}
    description="The people you may place."
    searchPlaceholder="Name, email, phone or CAN number"
    fields={candidateFields}
    columns={candidateColumns}
  />
);
