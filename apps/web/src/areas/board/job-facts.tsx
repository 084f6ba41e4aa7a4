import type { Address } from '@app/contract/conventions/common';
import { Group, Text } from '@mantine/core';
import { IconBriefcase, IconBuildingCommunity, IconCurrencyPound, IconMapPin, IconStairsUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { experienceLabel, jobTypeLabel, placeText, type Salary, salaryText, workModelLabel } from './labels';

type Facts = {
  address?: Address | null;
  workModel?: string | null;
  jobTypes?: number[];
  experience?: string | null;
  salaries?: Salary[];
  distance?: number | null;
  unit?: 'mi' | 'km';
};

const Fact = ({ icon, children }: { icon: ReactNode; children: ReactNode }) => (
  <Group gap={6} wrap="nowrap" c="dark.5">
    {icon}
    <Text size="sm">{children}</Text>
  </Group>
);

const icon = { size: 16, 'aria-hidden': true, stroke: 1.6, style: { flexShrink: 0 } } as const;

/** Where, how much, how and what kind: the facts people scan a job for, each with its icon. */
export const JobFacts = ({ job, withExperience = false }: { job: Facts; withExperience?: boolean }) => {
  const place = placeText(job.address);
  const unit = job.unit ?? 'mi';
  const distance = typeof job.distance === 'number' ? (job.distance < 1 ? `under 1 ${unit} away` : `${job.distance} ${unit} away`) : '';
  const salary = salaryText(job.salaries?.[0]);
  const types = (job.jobTypes ?? []).map(jobTypeLabel).join(', ');
  const model = workModelLabel(job.workModel);
  const experience = withExperience ? experienceLabel(job.experience) : '';
  return (
    <Group gap={6} style={{ columnGap: 'var(--mantine-spacing-lg)' }} wrap="wrap">
      {(place || distance) && <Fact icon={<IconMapPin {...icon} />}>{[place, distance].filter(Boolean).join(' · ')}</Fact>}
      {salary && <Fact icon={<IconCurrencyPound {...icon} />}>{salary}</Fact>}
      {types && <Fact icon={<IconBriefcase {...icon} />}>{types}</Fact>}
      {model && <Fact icon={<IconBuildingCommunity {...icon} />}>{model}</Fact>}
      {experience && <Fact icon={<IconStairsUp {...icon} />}>{experience}</Fact>}
    </Group>
  );
};
