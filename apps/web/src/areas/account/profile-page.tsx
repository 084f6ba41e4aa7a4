import { myProfile, organisationStaff, updateOwnProfile } from '@app/contract/resources/organisation-staff';
import { Alert, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../kit/api';
import { mayCall } from '../../kit/can';
import type { FieldDescriptor } from '../../kit/field-descriptor';
import { FieldsForm } from '../../kit/fields-form';
import { messageOf } from '../../kit/notify';
import { PageHeader } from '../../kit/page-header';
import { sessionKey, useSession } from '../../kit/session';
import { useCall } from '../../kit/use-resource';
import { sentence } from '../../kit/words';

const fields: FieldDescriptor[] = [
  { name: 'name.first', label: 'First name', kind: 'text', half: true, autoComplete: 'given-name' },
  { name: 'name.last', label: 'Last name', kind: 'text', half: true, autoComplete: 'family-name' },
  { name: 'phone', label: 'Phone', kind: 'text', half: true, autoComplete: 'tel' },
  { name: 'designation', label: 'Job title', kind: 'text', half: true },
  { name: 'linkedInLink', label: 'LinkedIn', kind: 'text', placeholder: 'https://www.linkedin.com/in/…' },
  { name: 'gitHubLink', label: 'GitHub', kind: 'text', placeholder: 'https://github.com/…' },
  { name: 'website', label: 'Website', kind: 'text', placeholder: 'https://…' },
];

const profileKey = (userId: string | undefined) => ['my-profile', userId ?? null] as const;

/**
 * A staff member's own profile (organisation admins and CRM staff alike), read with `myProfile`.
 * Should it fail to load, the form starts empty and sends only what is filled in.
 */
export const ProfilePage = () => {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const save = useCall(updateOwnProfile, { invalidates: [organisationStaff] });
  const profile = useQuery({
    queryKey: profileKey(user?._id),
    queryFn: ({ signal }) => callApi(myProfile, {}, { signal }),
    enabled: mayCall(user?.userType, myProfile),
  });
  const record = profile.data ?? undefined;

  return (
    <Stack gap="md" maw={720}>
      <PageHeader title="My profile" description={user ? `Signed in as ${user.email}` : undefined} />
      {profile.isError && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="Your profile could not be loaded">
          {sentence(messageOf(profile.error))} You can still save changes.
        </Alert>
      )}
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        {profile.isLoading ? (
          <Stack gap="md" aria-busy="true">
            <Skeleton height={36} />
            <Skeleton height={36} />
            <Skeleton height={36} />
          </Stack>
        ) : (
          <FieldsForm
            key={record?._id ?? 'blank'}
            fields={fields}
            initial={record}
            emptyStrings={record ? 'keep' : 'omit'}
            submitLabel="Save profile"
            successMessage="Your profile has been saved"
            onSubmit={(payload) => save.mutateAsync(payload as never)}
            onSuccess={() => {
              void queryClient.invalidateQueries({ queryKey: profileKey(user?._id) });
              void queryClient.invalidateQueries({ queryKey: sessionKey });
            }}
            footer={
              !record && (
                <Text size="sm" c="dimmed">
                  Fields you leave empty stay as they are.
                </Text>
              )
            }
          />
        )}
      </Paper>
    </Stack>
  );
};
