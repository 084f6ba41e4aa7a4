import { resetPassword } from '@app/contract/resources/auth';
import { Alert, Anchor } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { callApi } from '../../kit/api';
import type { FieldDescriptor } from '../../kit/field-descriptor';
import { FieldsForm } from '../../kit/fields-form';
import { notifySuccess } from '../../kit/notify';
import { AuthLayout, BackToSignIn } from './auth-layout';
import { passwordsMatch } from './passwords-match';

const fields: FieldDescriptor[] = [
  { name: 'password', label: 'New password', kind: 'password', description: 'At least 8 characters' },
  { name: 'confirmPassword', label: 'Confirm new password', kind: 'password' },
];

export const ResetPasswordPage = () => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  return (
    <AuthLayout title="Set a new password" footer={<BackToSignIn />}>
      {token ? (
        <FieldsForm
          fields={fields}
          emptyStrings="keep"
          submitLabel="Set new password"
          fullWidthSubmit
          inlineErrors
          omit={['confirmPassword']}
          check={passwordsMatch('password', 'confirmPassword')}
          onSubmit={(payload) => callApi(resetPassword, { ...payload, token })}
          onSuccess={() => {
            notifySuccess('Your password has been changed. Please sign in.');
            navigate('/login', { replace: true });
          }}
        />
      ) : (
        <Alert color="yellow" variant="light" role="alert">
          This link is incomplete. Please open the link from the email again, or{' '}
          <Anchor component={Link} to="/forgot-password">
            ask for a new one
          </Anchor>
          .
        </Alert>
      )}
    </AuthLayout>
  );
};
