import { changeCredentials } from '@app/contract/resources/organisation-staff';
import { useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../kit/api';
import type { FieldDescriptor } from '../../kit/field-descriptor';
import { FieldsForm } from '../../kit/fields-form';
import { notifySuccess } from '../../kit/notify';
import { sessionKey, useSession } from '../../kit/session';
import { AuthLayout } from './auth-layout';
import { passwordsMatch } from './passwords-match';

const fields: FieldDescriptor[] = [
  {
    name: 'oldPassword',
    label: 'Temporary password',
    kind: 'password',
    autoComplete: 'current-password',
    description: 'The one in the email',
  },
  { name: 'newPassword', label: 'New password', kind: 'password', description: 'At least 8 characters' },
  { name: 'confirmPassword', label: 'Confirm new password', kind: 'password' },
];

/**
 * Shown instead of any screen while the user holds a mailed temporary password (DECISIONS.md §5):
 * they choose their own first, then the session no longer asks and the screen they wanted appears.
 */
export const ChoosePasswordPage = () => {
  const { user } = useSession();
  const queryClient = useQueryClient();
  if (!user) return null;
  return (
    <AuthLayout title="Choose your password" intro="You signed in with a temporary password. Please choose your own before you go on.">
      <FieldsForm
        fields={fields}
        emptyStrings="keep"
        submitLabel="Save my password"
        fullWidthSubmit
        inlineErrors
        omit={['confirmPassword']}
        check={passwordsMatch('newPassword', 'confirmPassword')}
        onSubmit={(payload) => callApi(changeCredentials, { ...payload, id: user._id } as never)}
        onSuccess={async () => {
          notifySuccess('Your password has been changed.');
          await queryClient.invalidateQueries({ queryKey: sessionKey });
        }}
      />
    </AuthLayout>
  );
};
