import { createFirstSuperAdmin } from '@app/contract/resources/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { setupStatusKey } from '../../app/setup-gate';
import { callApi } from '../../kit/api';
import type { FieldDescriptor } from '../../kit/field-descriptor';
import { FieldsForm } from '../../kit/fields-form';
import { useSetSession } from '../../kit/session';
import { AuthLayout } from './auth-layout';

const fields: FieldDescriptor[] = [
  { name: 'name.first', label: 'First name', kind: 'text', half: true, autoComplete: 'given-name', required: true },
  { name: 'name.last', label: 'Last name', kind: 'text', half: true, autoComplete: 'family-name' },
  { name: 'email', label: 'Email', kind: 'email', autoComplete: 'username', required: true },
  { name: 'password', label: 'Password', kind: 'password', description: 'At least 8 characters', required: true },
];

/** The first visit to a fresh installation creates its super admin. */
export const SetupPage = () => {
  const queryClient = useQueryClient();
  const setSession = useSetSession();
  const navigate = useNavigate();
  return (
    <AuthLayout title="Set up the platform" intro="Create the first super admin account. You can add more people once you are in.">
      <FieldsForm
        fields={fields}
        emptyStrings="keep"
        submitLabel="Create super admin"
        fullWidthSubmit
        inlineErrors
        onSubmit={(payload) => callApi(createFirstSuperAdmin, payload)}
        successMessage="Welcome! Your super admin account is ready."
        onSuccess={(result) => {
          queryClient.setQueryData(setupStatusKey, { needsSetup: false });
          setSession(result.user);
          navigate('/admin', { replace: true });
        }}
      />
    </AuthLayout>
  );
};
