import { forgotPassword } from '@app/contract/resources/auth';
import { Alert } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { callApi } from '../../kit/api';
import { FieldsForm } from '../../kit/fields-form';
import { AuthLayout, BackToSignIn } from './auth-layout';

export const ForgotPasswordPage = () => {
  const [sent, setSent] = useState(false);
  return (
    <AuthLayout
      title="Forgot your password?"
      intro="Enter the email you sign in with and we'll mail you a link to set a new password."
      footer={<BackToSignIn />}
    >
      {sent ? (
        <Alert color="teal" variant="light" icon={<IconMailCheck size={18} aria-hidden />} role="status">
          If the address is registered, a reset link is on its way. It is valid for one hour.
        </Alert>
      ) : (
        <FieldsForm
          guardUnsaved={false}
          fields={[{ name: 'email', label: 'Email', kind: 'email', autoComplete: 'username' }]}
          emptyStrings="keep"
          submitLabel="Send reset link"
          fullWidthSubmit
          inlineErrors
          onSubmit={(payload) => callApi(forgotPassword, payload)}
          onSuccess={() => setSent(true)}
        />
      )}
    </AuthLayout>
  );
};
