import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ResourceList } from '../../kit/resource-list';
import { RowLink } from '../../kit/row-actions';
import { StatusBadge } from '../../kit/status-badge';
import { formatDateTime } from '../../kit/words';
import { placeText } from '../board/labels';
import { recruiterTypeLabel } from '../board/recruiter-type';
import { adminCompanies } from './admin-resources';
import { companyDefaults, companyFields } from './company-fields';
import { VerifiedBadge, VerifyCompanyButton } from './verify-company-button';

const form = { fields: companyFields, defaults: companyDefaults };

/** /admin/companies: every recruiter company and agency, with verification. */
export const CompaniesPage = () => (
  <ResourceList
    resource={adminCompanies}
    title="Recruiter companies"
    description="Companies and agencies on the job board. Verified ones show a badge on their page and jobs."
    noun="company"
    searchPlaceholder="Name, email or COM number"
    rowLabel={(row) => row.name}
    form={form}
    rowExtra={(row) => (
      <>
        <RowLink name={`View ${row.name}`} to={`/admin/companies/${row._id}`}>
          <IconEye size={18} aria-hidden />
        </RowLink>
        <VerifyCompanyButton company={row} />
      </>
    )}
    columns={[
      {
        key: 'name',
        header: 'Company',
        linksItself: true,
        render: (row) => (
          <Stack gap={0}>
            <Anchor component={Link} to={`/admin/companies/${row._id}`} fw={600} size="sm">
              {row.name}
            </Anchor>
            <Text size="xs" c="dimmed">
              {[row.itemId?.combined, recruiterTypeLabel(row.recruiterType)].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
        ),
      },
      {
        key: 'email',
        header: 'Contact',
        render: (row) => (
          <Stack gap={0}>
            <Text size="sm">{row.email}</Text>
            <Text size="xs" c="dimmed">
              {row.phone}
            </Text>
          </Stack>
        ),
      },
      { key: 'location', header: 'Place', render: (row) => placeText(row.location) },
      {
        key: 'isVerified',
        header: 'Status',
        render: (row) => (
          <Group gap={6} wrap="nowrap">
            <StatusBadge value={row.status} />
            <VerifiedBadge verified={row.isVerified} />
          </Group>
        ),
      },
      { key: 'createdAt', header: 'Joined', render: (row) => formatDateTime(row.createdAt) },
    ]}
  />
);
