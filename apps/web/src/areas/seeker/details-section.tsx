import { updateJobSeekerDetails } from '@app/contract/resources/job-board/job-seeker';
import { Anchor, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { callApi } from '../../kit/api';
import type { FieldDescriptor } from '../../kit/field-descriptor';
import { FieldsForm } from '../../kit/fields-form';
import { SectionCard } from '../../kit/section-card';
import { sessionKey } from '../../kit/session';
import type { SeekerRecord } from '../board/types';
import { useSetSeekerProfile } from '../board/use-seeker-profile';

const fields: FieldDescriptor[] = [
  { name: 'name.first', label: 'First name', kind: 'text', half: true, autoComplete: 'given-name', required: true },
  { name: 'name.last', label: 'Last name', kind: 'text', half: true, autoComplete: 'family-name' },
  { name: 'address.street', label: 'Street', kind: 'text', autoComplete: 'address-line1', section: 'Address' },
  { name: 'address.city', label: 'Town or city', kind: 'text', half: true, autoComplete: 'address-level2', section: 'Address' },
  { name: 'address.county', label: 'County', kind: 'text', half: true, autoComplete: 'address-level1', section: 'Address' },
  { name: 'address.postCode', label: 'Postcode', kind: 'text', half: true, autoComplete: 'postal-code', section: 'Address' },
  { name: 'address.country', label: 'Country', kind: 'text', half: true, autoComplete: 'country-name', section: 'Address' },
  { name: 'linkedInLink', label: 'LinkedIn', kind: 'text', placeholder: 'https://www.linkedin.com/in/…', section: 'Online' },
];

/** Name, address and LinkedIn. Email and phone are shown here but change with codes on their own page. */
export const DetailsSection = ({ record }: { record: SeekerRecord }) => {
  const setProfile = useSetSeekerProfile();
  const queryClient = useQueryClient();
  return (
    <SectionCard id="details" title="Your details" description="How employers reach you.">
      <Group gap="xs" style={{ columnGap: 'var(--mantine-spacing-xl)' }} wrap="wrap">
        <div>
          <Text size="xs" c="dimmed">
            Email
          </Text>
          <Text size="sm" fw={500}>
            {record.email}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            Phone
          </Text>
          <Text size="sm" fw={500}>
            {record.phone}
          </Text>
        </div>
        <Anchor component={Link} to="/seeker/account" size="sm">
          Change email or phone
        </Anchor>
      </Group>
      <FieldsForm
        fields={fields}
        initial={record}
        emptyStrings="keep"
        submitLabel="Save details"
        successMessage="Your details have been saved"
        onSubmit={(payload) => callApi(updateJobSeekerDetails, { ...payload, email: record.email, phone: record.phone })}
        onSuccess={(saved) => {
          setProfile(saved);
          // The name in the header comes from the session.
          void queryClient.invalidateQueries({ queryKey: sessionKey });
        }}
      />
    </SectionCard>
  );
};
