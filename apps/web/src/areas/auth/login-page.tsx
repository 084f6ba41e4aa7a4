import { login } from '@app/contract/resources/auth';
import { Anchor, Group, Stack } from '@mantine/core';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { landingFor } from '../../app/home-of';
import { callApi } from '../../kit/api';
import type { FieldDescriptor } from '../../kit/field-descriptor';
import { FieldsForm } from '../../kit/fields-form';
import { useSession, useSetSession } from '../../kit/session';
import { AuthLayout } from './auth-layout';

const fields: FieldDescriptor[] = [
  { name: 'email', label: 'Email', kind: 'email', autoComplete: 'username' },
  { name: 'password', label: 'Password', kind: 'password', autoComplete: 'current-password' },
];

export const LoginPage = () => {
  const { user } = useSession();
  const setSession = useSetSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get('next');
  if (user) return <Navigate to={landingFor(user.userType, next)} replace />;

  return (
    <AuthLayout
      title="Sign in"
      intro="Welcome back. Sign in to continue."
      footer={
        <Stack gap={6}>
          <span>
            New here?{' '}
            <Anchor component={Link} to={`/register${next ? `?next=${encodeURIComponent(next)}` : ''}`}>
              Register as a job seeker
            </Anchor>
          </span>
          <span>
            Hiring?{' '}
            <Anchor component={Link} to="/register/company">
              Register your company
            </Anchor>
          </span>
        </Stack>
      }
    >
      <FieldsForm
        guardUnsaved={false}
        fields={fields}
        emptyStrings="keep"
        submitLabel="Sign in"
        fullWidthSubmit
        inlineErrors
        onSubmit={(payload) => callApi(login, payload, { expectUnauthorized: true })}
        onSuccess={(result) => {
          setSession(result.user);
          navigate(landingFor(result.user.userType, next), { replace: true });
        }}
        footer={
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" size="sm">
              Forgot password?
            </Anchor>
          </Group>
        }
      />
    </AuthLayout>
  );
};
