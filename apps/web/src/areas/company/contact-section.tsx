import { updateCompanyContactDetails } from '@app/contract/resources/job-board/company';
import { useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../kit/api';
import type { FieldDescriptor } from '../../kit/field-descriptor';
import { FieldsForm } from '../../kit/fields-form';
import { SectionCard } from '../../kit/section-card';
import { sessionKey } from '../../kit/session';
import type { CompanyRecord } from '../board/types';
import { useSetMyCompany } from './use-my-company';

const fields: FieldDescriptor[] = [
  { name: 'name', label: 'Company name', kind: 'text', required: true, autoComplete: 'organization' },
  { name: 'email', label: 'Contact email', kind: 'email', half: true, required: true, description: 'Where applications are announced' },
  { name: 'phone', label: 'Phone', kind: 'text', half: true, required: true, autoComplete: 'tel' },
  { name: 'website', label: 'Website', kind: 'text', half: true, placeholder: 'https://…' },
  { name: 'linkedInLink', label: 'LinkedIn', kind: 'text', half: true, placeholder: 'https://www.linkedin.com/company/…' },
  { name: 'location.building', label: 'Building', kind: 'text', half: true, section: 'Address' },
  { name: 'location.street', label: 'Street', kind: 'text', half: true, section: 'Address', autoComplete: 'address-line1' },
  { name: 'location.city', label: 'Town or city', kind: 'text', half: true, section: 'Address', autoComplete: 'address-level2' },
  { name: 'location.county', label: 'County', kind: 'text', half: true, section: 'Address' },
  { name: 'location.postCode', label: 'Postcode', kind: 'text', half: true, section: 'Address', autoComplete: 'postal-code' },
  { name: 'location.country', label: 'Country', kind: 'text', half: true, section: 'Address', autoComplete: 'country-name' },
];

/** Name, contact and address; the logo stays as it is (it has its own section). */
export const ContactSection = ({ record }: { record: CompanyRecord }) => {
  const setCompany = useSetMyCompany();
  const queryClient = useQueryClient();
  return (
    <SectionCard id="contact" title="Contact details" description="Shown on your company page, except the email and phone.">
      <FieldsForm
        fields={fields}
        initial={record}
        emptyStrings="keep"
        submitLabel="Save contact details"
        successMessage="Your contact details have been saved"
        onSubmit={(payload) =>
          callApi(updateCompanyContactDetails, {
            ...payload,
            location: payload.location ?? {},
            profileImg: record.profileImg ?? null,
          })
        }
        onSuccess={(saved) => {
          setCompany(saved);
          // The account's name follows the company's.
          void queryClient.invalidateQueries({ queryKey: sessionKey });
        }}
      />
    </SectionCard>
  );
};
