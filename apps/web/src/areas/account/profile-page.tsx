import { organisationStaff, updateOwnProfile } from '@app/contract/resources/organisation-staff';
import { Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { mayDo } from '../../kit/can';
import type { FieldDescriptor } from '../../kit/field-descriptor';
import { FieldsForm } from '../../kit/fields-form';
import { PageHeader } from '../../kit/page-header';
import { sessionKey, useSession } from '../../kit/session';
import { useCall, useList } from '../../kit/use-resource';

const fields: FieldDescriptor[] = [
  { name: 'name.first', label: 'First name', kind: 'text', half: true, autoComplete: 'given-name' },
  { name: 'name.last', label: 'Last name', kind: 'text', half: true, autoComplete: 'family-name' },
  { name: 'phone', label: 'Phone', kind: 'text', half: true, autoComplete: 'tel' },
  { name: 'designation', label: 'Job title', kind: 'text', half: true },
  { name: 'linkedInLink', label: 'LinkedIn', kind: 'text', placeholder: 'https://www.linkedin.com/in/…' },
  { name: 'gitHubLink', label: 'GitHub', kind: 'text', placeholder: 'https://github.com/…' },
  { name: 'website', label: 'Website', kind: 'text', placeholder: 'https://…' },
];

/**
 * A staff member's own profile. There is no "read my profile" call, so the form starts from the
 * staff list when the user may read it; otherwise it starts empty and only filled fields are sent.
 */
export const ProfilePage = () => {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const save = useCall(updateOwnProfile, { invalidates: [organisationStaff] });
  const canLookUp = user?.userType === 'CRM_USER' && mayDo(user.userType, organisationStaff, 'list');
  const own = useList(organisationStaff, { search: user?.email ?? '', limit: 5 }, { enabled: canLookUp });
  const record = own.data?.results.find((row) => row._id === user?._id);
  const ready = !canLookUp || !own.isPending;

  return (
    <Stack gap="md" maw={720}>
      <PageHeader title="My profile" description={user ? `Signed in as ${user.email}` : undefined} />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        {ready ? (
          <FieldsForm
            key={record?._id ?? 'blank'}
            fields={fields}
            initial={record}
            emptyStrings={record ? 'keep' : 'omit'}
            submitLabel="Save profile"
            successMessage="Your profile has been saved"
            onSubmit={(payload) => save.mutateAsync(payload as never)}
            onSuccess={() => queryClient.invalidateQueries({ queryKey: sessionKey })}
            footer={
              !record && (
                <Text size="sm" c="dimmed">
                  Fields you leave empty stay as they are.
                </Text>
              )
            }
          />
        ) : (
          <Stack gap="md" aria-busy="true">
            <Skeleton height={36} />
            <Skeleton height={36} />
            <Skeleton height={36} />
          </Stack>
        )}
      </Paper>
    </Stack>
  );
};
