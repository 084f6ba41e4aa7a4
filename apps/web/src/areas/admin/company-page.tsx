import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useCan } from '../../kit/can';
import { DetailsGrid } from '../../kit/details-grid';
import { PageHeader } from '../../kit/page-header';
import { RecordPage } from '../../kit/record-page';
import { ResourceFormModal } from '../../kit/resource-form';
import { SectionCard } from '../../kit/section-card';
import { StatusBadge } from '../../kit/status-badge';
import { useOptions } from '../../kit/use-options';
import { useDetails } from '../../kit/use-resource';
import { formatDateTime } from '../../kit/words';
import { fullAddressText } from '../board/labels';
import { industryLoader } from '../board/lookup-options';
import { recruiterTypeLabel } from '../board/recruiter-type';
import { AdminNotesSection } from './admin-notes-section';
import { adminCompanies, type CompanyRecord } from './admin-resources';
import { companyFields } from './company-fields';
import { VerifiedBadge, VerifyCompanyButton } from './verify-company-button';

const external = (href: string | null | undefined) =>
  href ? (
    <Anchor href={/^https?:\/\//.test(href) ? href : `https://${href}`} target="_blank" rel="noopener noreferrer">
      {href}
    </Anchor>
  ) : null;

const Company = ({ company }: { company: CompanyRecord }) => {
  const can = useCan();
  const [editing, setEditing] = useState(false);
  const { options: industries } = useOptions({ options: industryLoader });
  const industryNames = company.industries.map((id) => industries.find((o) => 'value' in o && o.value === id)).filter(Boolean);

  return (
    <Stack gap="lg">
      <PageHeader
        title={company.name}
        description={[recruiterTypeLabel(company.recruiterType), company.itemId?.combined].filter(Boolean).join(' · ')}
        action={
          <Group gap="sm">
            {can.do(adminCompanies, 'update') && (
              <Button variant="default" leftSection={<IconPencil size={18} aria-hidden />} onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
            <VerifyCompanyButton company={company} variant="button" />
            {company.status === 'ACTIVE' && (
              <Button
                component={Link}
                to={`/companies/${company.slug}`}
                variant="subtle"
                leftSection={<IconExternalLink size={18} aria-hidden />}
              >
                Public page
              </Button>
            )}
          </Group>
        }
      />
      <SectionCard title="Details">
        <DetailsGrid
          items={[
            {
              label: 'Status',
              value: (
                <Group gap={6}>
                  <StatusBadge value={company.status} />
                  <VerifiedBadge verified={company.isVerified} />
                </Group>
              ),
            },
            { label: 'Email', value: <Anchor href={`mailto:${company.email}`}>{company.email}</Anchor> },
            { label: 'Phone', value: company.phone },
            { label: 'Address', value: fullAddressText(company.location) },
            { label: 'Website', value: external(company.website) },
            { label: 'LinkedIn', value: external(company.linkedInLink) },
            { label: 'Industries', value: industryNames.map((o) => (o as { label: string }).label).join(', ') },
            { label: 'Joined', value: formatDateTime(company.createdAt) },
            { label: 'Last changed', value: formatDateTime(company.updatedAt) },
          ]}
        />
      </SectionCard>
      <SectionCard title="About">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {company.aboutUs || 'Nothing yet.'}
        </Text>
      </SectionCard>
      {/* An agency's board company has no account to keep notes on. */}
      {company.userId && <AdminNotesSection userId={company.userId} />}
      <ResourceFormModal
        opened={editing}
        onClose={() => setEditing(false)}
        resource={adminCompanies}
        mode="edit"
        record={company}
        fields={companyFields}
        noun="company"
      />
    </Stack>
  );
};

/** /admin/companies/:id: one company as admins see it, with its verification and the admins' notes. */
export const AdminCompanyPage = () => {
  const { id } = useParams();
  const details = useDetails(adminCompanies, id);
  return (
    <RecordPage query={details} noun="company" back={{ to: '/admin/companies', label: 'All companies' }}>
      {(company) => <Company company={company} />}
    </RecordPage>
  );
};
