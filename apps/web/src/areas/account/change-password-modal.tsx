import { changeCredentials } from '@app/contract/resources/organisation-staff';
import { Modal } from '@mantine/core';
import type { FieldDescriptor } from '../../kit/field-descriptor';
import { FieldsForm } from '../../kit/fields-form';
import { useSession } from '../../kit/session';
import { useCall } from '../../kit/use-resource';
import { passwordsMatch } from '../auth/passwords-match';

const fields: FieldDescriptor[] = [
  { name: 'oldPassword', label: 'Current password', kind: 'password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New password', kind: 'password', description: 'At least 8 characters' },
  { name: 'confirmPassword', label: 'Confirm new password', kind: 'password' },
];

/** Any signed-in user changes their own password; their other sessions end, this one stays. */
export const ChangePasswordModal = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const { user } = useSession();
  const change = useCall(changeCredentials);
  return (
    <Modal opened={opened} onClose={onClose} title="Change password" centered>
      {opened && user && (
        <FieldsForm
          fields={fields}
          emptyStrings="keep"
          submitLabel="Change password"
          omit={['confirmPassword']}
          check={passwordsMatch('newPassword', 'confirmPassword')}
          onSubmit={(payload) => change.mutateAsync({ ...payload, id: user._id } as never)}
          successMessage="Your password has been changed. Other devices have been signed out."
          onSuccess={onClose}
          onCancel={onClose}
        />
      )}
    </Modal>
  );
};
