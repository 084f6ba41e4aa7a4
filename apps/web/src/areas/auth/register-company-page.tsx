import { homeOf } from '@app/contract/access';
import { registerCompany } from '@app/contract/resources/job-board/company';
import { Anchor, Stack } from '@mantine/core';
import { Link, Navigate, useNavigate } from 'react-router';
import { callApi } from '../../kit/api';
import type { FieldDescriptor } from '../../kit/field-descriptor';
import { FieldsForm } from '../../kit/fields-form';
import { useSession, useSetSession } from '../../kit/session';
import { industryLoader } from '../board/lookup-options';
import { recruiterTypeOptions } from '../board/recruiter-type';
import { AuthLayout } from './auth-layout';

const fields: FieldDescriptor[] = [
  { name: 'name', label: 'Company name', kind: 'text', autoComplete: 'organization', required: true, section: 'Your company' },
  {
    name: 'recruiterType',
    label: 'You are',
    kind: 'select',
    options: recruiterTypeOptions,
    required: true,
    half: true,
    section: 'Your company',
  },
  { name: 'website', label: 'Website', kind: 'text', placeholder: 'https://…', half: true, section: 'Your company' },
  { name: 'location.city', label: 'Town or city', kind: 'text', half: true, autoComplete: 'address-level2', section: 'Your company' },
  { name: 'location.postCode', label: 'Postcode', kind: 'text', half: true, autoComplete: 'postal-code', section: 'Your company' },
  { name: 'industries', label: 'Industries', kind: 'multiselect', options: industryLoader, section: 'Your company' },
  {
    name: 'aboutUs',
    label: 'About the company',
    kind: 'textarea',
    required: true,
    description: 'What you do and what it is like to work with you; job seekers read this on your page.',
    section: 'Your company',
  },
  { name: 'email', label: 'Email', kind: 'email', autoComplete: 'email', required: true, section: 'Your account' },
  {
    name: 'phone',
    label: 'Phone',
    kind: 'text',
    autoComplete: 'tel',
    required: true,
    placeholder: '+44 113 496 0000',
    description: 'With the country code',
    section: 'Your account',
  },
  { name: 'password', label: 'Password', kind: 'password', description: 'At least 8 characters', required: true, section: 'Your account' },
];

/** /register/company: a company or agency and its recruiter account, signed in at once. */
export const RegisterCompanyPage = () => {
  const { user } = useSession();
  const setSession = useSetSession();
  const navigate = useNavigate();
  if (user) return <Navigate to={homeOf[user.userType]} replace />;

  return (
    <AuthLayout
      width={600}
      title="Register your company"
      intro="Post jobs, follow your applicants and shortlist them, for companies and recruitment agencies alike."
      footer={
        <Stack gap={6}>
          <span>
            Already registered?{' '}
            <Anchor component={Link} to="/login">
              Sign in
            </Anchor>
          </span>
          <span>
            Looking for a job?{' '}
            <Anchor component={Link} to="/register">
              Register as a job seeker
            </Anchor>
          </span>
        </Stack>
      }
    >
      <FieldsForm
        fields={fields}
        initial={{ recruiterType: 'COMPANY' }}
        emptyStrings="omit"
        submitLabel="Register company"
        fullWidthSubmit
        inlineErrors
        onSubmit={(payload) => callApi(registerCompany, payload)}
        successMessage="Welcome! Your company account is ready."
        onSuccess={(result) => {
          setSession(result.user);
          navigate(homeOf[result.user.userType], { replace: true });
        }}
      />
    </AuthLayout>
  );
};
