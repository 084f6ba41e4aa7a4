import { Button, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { EmptyState } from '../../kit/empty-state';
import { messageOf } from '../../kit/notify';
import { PageHeader } from '../../kit/page-header';
import { useSeekerProfile } from '../board/use-seeker-profile';
import { ContactChange } from './contact-change';

/** /seeker/account: the email and phone, each changed with two codes. */
export const AccountPage = () => {
  const profile = useSeekerProfile();
  return (
    <Stack gap="lg" maw={720}>
      <PageHeader
        title="Email and phone"
        description="You sign in with your email. A change needs a code from the old and the new address."
      />
      {profile.isPending ? (
        <Skeleton height={160} radius="md" />
      ) : profile.isError ? (
        <EmptyState
          icon={<IconAlertTriangle size={24} />}
          colour="red"
          title="Your details could not be loaded"
          message={messageOf(profile.error)}
          action={
            <Button variant="light" onClick={() => profile.refetch()}>
              Try again
            </Button>
          }
        />
      ) : (
        <>
          <ContactChange kind="email" record={profile.data} />
          <ContactChange kind="phone" record={profile.data} />
        </>
      )}
    </Stack>
  );
};
