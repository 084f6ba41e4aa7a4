import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { CompanyLogo } from '../board/company-logo';
import { placeText } from '../board/labels';
import { recruiterTypeLabel } from '../board/recruiter-type';
import type { PublicCompany } from '../board/types';

/** Who is hiring, beside their job: a few lines about them and the way to their page. */
export const CompanyCard = ({ company }: { company: PublicCompany }) => (
  <Paper withBorder p="lg" component="section" aria-labelledby="company-heading">
    <Stack gap="sm">
      <Group gap="sm" wrap="nowrap">
        <CompanyLogo name={company.name} image={company.profileImg} size={44} />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Title order={2} fz="md" id="company-heading">
            {company.name}
          </Title>
          <Text size="sm" c="dimmed">
            {[recruiterTypeLabel(company.recruiterType), placeText(company.location)].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
      </Group>
      {company.aboutUs && (
        <Text size="sm" lineClamp={5} style={{ whiteSpace: 'pre-line' }}>
          {company.aboutUs}
        </Text>
      )}
      <Anchor component={Link} to={`/companies/${company.slug}`} size="sm" fw={500}>
        More about {company.name} and its jobs
      </Anchor>
    </Stack>
  </Paper>
);
