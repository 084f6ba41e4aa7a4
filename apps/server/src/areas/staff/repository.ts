import { organisationStaff } from '@app/contract/resources/organisation-staff';
import { users } from '../../db/schema/users';
import { resourceRepository } from '../../engine/repository';

/** Staff are the CRM_USER rows of the one users table. */
export const staffRepository = resourceRepository(organisationStaff, users, { fixed: { userType: 'CRM_USER' } });
