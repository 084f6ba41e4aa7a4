import { Anchor, Button, Group, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { EmptyState } from '../../kit/empty-state';
import { messageOf } from '../../kit/notify';
import { PageHeader } from '../../kit/page-header';
import { useSeekerProfile } from '../board/use-seeker-profile';
import { AboutSection } from './about-section';
import { AgencyInvitationNotices } from './agency-links';
import { CvSection } from './cv-section';
import { DetailsSection } from './details-section';
import { EducationSection } from './education-section';
import { PreferencesSection } from './preferences-section';
import { SkillsSection } from './skills-section';
import { WorkHistorySection } from './work-history-section';

const parts = [
  { id: 'details', label: 'Details' },
  { id: 'about', label: 'About' },
  { id: 'cv', label: 'CV' },
  { id: 'preferences', label: 'Preferences' },
  { id: 'skills', label: 'Skills' },
  { id: 'education', label: 'Education' },
  { id: 'work-history', label: 'Work history' },
];

/** The seeker's profile editor, section by section; each section saves on its own. */
export const SeekerProfilePage = () => {
  const profile = useSeekerProfile();
  const { hash } = useLocation();

  // /seeker#cv (from the apply dialog) lands on that section once it is there.
  useEffect(() => {
    if (profile.isSuccess && hash) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [profile.isSuccess, hash]);

  const body = () => {
    if (profile.isPending) {
      return (
        <Stack gap="md" aria-busy="true" role="status" aria-label="Loading your profile">
          <Skeleton height={220} radius="md" />
          <Skeleton height={160} radius="md" />
        </Stack>
      );
    }
    if (profile.isError) {
      return (
        <EmptyState
          icon={<IconAlertTriangle size={24} />}
          colour="red"
          title="Your profile could not be loaded"
          message={messageOf(profile.error)}
          action={
            <Button variant="light" onClick={() => profile.refetch()}>
              Try again
            </Button>
          }
        />
      );
    }
    const record = profile.data;
    return (
      <Stack gap="lg">
        <DetailsSection record={record} />
        <AboutSection record={record} />
        <CvSection record={record} />
        <PreferencesSection record={record} />
        <SkillsSection record={record} />
        <EducationSection record={record} />
        <WorkHistorySection record={record} />
      </Stack>
    );
  };

  return (
    <Stack gap={0} maw={920}>
      <PageHeader title="My profile" description="What employers see when you apply. Each part saves on its own." />
      <AgencyInvitationNotices />
      <Group gap="md" mb="lg" component="nav" aria-label="Profile parts" wrap="wrap">
        {parts.map((part) => (
          <Anchor key={part.id} href={`#${part.id}`} size="sm">
            {part.label}
          </Anchor>
        ))}
      </Group>
      {body()}
    </Stack>
  );
};
