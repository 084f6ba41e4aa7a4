import { registerJobSeeker } from '@app/contract/resources/job-board/job-seeker';
import { Anchor, Stack } from '@mantine/core';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { landingFor } from '../../app/home-of';
import { callApi } from '../../kit/api';
import type { FieldDescriptor } from '../../kit/field-descriptor';
import { FieldsForm } from '../../kit/fields-form';
import { useSession, useSetSession } from '../../kit/session';
import { AuthLayout } from './auth-layout';

const fields: FieldDescriptor[] = [
  { name: 'name.first', label: 'First name', kind: 'text', half: true, autoComplete: 'given-name', required: true },
  { name: 'name.last', label: 'Last name', kind: 'text', half: true, autoComplete: 'family-name' },
  { name: 'email', label: 'Email', kind: 'email', autoComplete: 'email', required: true },
  {
    name: 'phone',
    label: 'Phone',
    kind: 'text',
    autoComplete: 'tel',
    required: true,
    placeholder: '+44 7700 900123',
    description: 'With the country code',
  },
  { name: 'password', label: 'Password', kind: 'password', description: 'At least 8 characters', required: true },
];

/** /register: a job seeker's account; they are signed in at once and go on where they came from (a job) or to their profile. */
export const RegisterSeekerPage = () => {
  const { user } = useSession();
  const setSession = useSetSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get('next');
  const nextQuery = next ? `?next=${encodeURIComponent(next)}` : '';
  if (user) return <Navigate to={landingFor(user.userType, next)} replace />;

  return (
    <AuthLayout
      title="Create your job seeker account"
      intro="Keep your CV in one place, apply in a few clicks and follow your applications."
      footer={
        <Stack gap={6}>
          <span>
            Already registered?{' '}
            <Anchor component={Link} to={`/login${nextQuery}`}>
              Sign in
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
        fields={fields}
        emptyStrings="omit"
        submitLabel="Create account"
        fullWidthSubmit
        inlineErrors
        onSubmit={(payload) => callApi(registerJobSeeker, payload)}
        successMessage="Welcome! Your account is ready."
        onSuccess={(result) => {
          setSession(result.user);
          navigate(landingFor(result.user.userType, next), { replace: true });
        }}
      />
    </AuthLayout>
  );
};
