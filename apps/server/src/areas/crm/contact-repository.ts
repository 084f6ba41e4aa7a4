import { contact } from '@app/contract/resources/crm/contact';
import { crmContacts } from '../../db/schema/contacts';
import { resourceRepository } from '../../engine/repository';

/** Contacts' repository, apart from their routes: the candidate's own contact card writes through it too. */
export const contactRepository = resourceRepository(contact, crmContacts);
