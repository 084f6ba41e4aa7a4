import { staffCredentialsReset } from '@app/contract/resources/organisation-staff';
import { IconKey } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi } from '../../kit/api';
import { useCan } from '../../kit/can';
import { ConfirmModal } from '../../kit/confirm-modal';
import { notifyFailure, notifySuccess } from '../../kit/notify';
import { RowButton } from '../../kit/row-actions';

/**
 * Gives a staff member a new temporary password: the server ends their sessions and mails it to
 * them (DECISIONS §5), so the admin never sees or passes on a password. Asks first, naming the person,
 * because it signs them out at once.
 */
export const ResetCredentialsButton = ({ id, label, email }: { id: string; label: string; email: string }) => {
  const can = useCan();
  const [opened, setOpened] = useState(false);
  const reset = useMutation({ mutationFn: () => callApi(staffCredentialsReset, { _id: id }) });
  if (!can.call(staffCredentialsReset)) return null;
  const confirm = async () => {
    try {
      await reset.mutateAsync();
      notifySuccess(`A new temporary password is on its way to ${label} (${email})`);
      setOpened(false);
    } catch (error) {
      notifyFailure(error);
    }
  };
  return (
    <>
      <RowButton name={`Reset the password of ${label}`} onClick={() => setOpened(true)}>
        <IconKey size={18} aria-hidden />
      </RowButton>
      <ConfirmModal
        opened={opened}
        title={`Reset the password of ${label}?`}
        message={`${label} is signed out at once and receives a new temporary password at ${email}, valid for 72 hours. They choose a new password when they next sign in.`}
        confirmLabel="Reset password"
        loading={reset.isPending}
        onConfirm={confirm}
        onClose={() => setOpened(false)}
      />
    </>
  );
};
