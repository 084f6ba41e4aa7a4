import { experienceRanges, workModels } from '@app/contract/lookups';
import type { candidate } from '@app/contract/resources/crm/candidate';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { DetailsGrid } from '../../kit/details-grid';
import { SectionCard } from '../../kit/section-card';
import type { RecordOf } from '../../kit/use-resource';
import { humanise } from '../../kit/words';

/** The record with its expanded notice period (the engine's `{ _id, label }` and the days). */
export type CandidateRecord = RecordOf<typeof candidate> & {
  noticePeriod?: { _id: string; label: string | null; valueInDays?: number | null } | null;
  selfContact?: { _id: string; label: string | null } | null;
  contacts?: { _id: string; label: string | null }[];
};

const yesNo = (value: boolean | null | undefined) => (value === undefined || value === null ? undefined : value ? 'Yes' : 'No');
const joined = (parts: readonly (string | null | undefined)[], separator = ', ') => parts.filter(Boolean).join(separator);
const dateOf = (value: string | null | undefined) =>
  value ? new Date(value).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }) : '';
const period = (start: string | null | undefined, end: string | null | undefined, ongoing: boolean | undefined) =>
  joined([dateOf(start), ongoing ? 'now' : dateOf(end)], ' – ');
const external = (href: string | null | undefined) =>
  href ? (
    <Anchor href={/^https?:\/\//.test(href) ? href : `https://${href}`} target="_blank" rel="noopener noreferrer">
      {href}
    </Anchor>
  ) : undefined;

const Empty = ({ what }: { what: string }) => (
  <Text size="sm" c="dimmed">
    No {what} yet.
  </Text>
);

/** A list of entries (jobs, courses), each a heading, a dimmed line and free text. */
const Entries = ({
  items,
  what,
}: {
  items: readonly { key: string; title: ReactNode; meta?: string; body?: string | null }[];
  what: string;
}) =>
  items.length === 0 ? (
    <Empty what={what} />
  ) : (
    <Stack gap="md">
      {items.map((item) => (
        <Stack key={item.key} gap={2}>
          <Text fw={600} size="sm">
            {item.title}
          </Text>
          {item.meta && (
            <Text size="xs" c="dimmed">
              {item.meta}
            </Text>
          )}
          {item.body && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {item.body}
            </Text>
          )}
        </Stack>
      ))}
    </Stack>
  );

const Skills = ({ items, what }: { items: readonly { skillId: string; label?: string; rating?: number }[] | undefined; what: string }) =>
  !items?.length ? (
    <Empty what={what} />
  ) : (
    <Group gap="xs">
      {items.map((skill) => (
        <Badge key={skill.skillId} variant="light" tt="none">
          {skill.label || 'Skill'}
          {skill.rating ? ` · ${skill.rating}/5` : ''}
        </Badge>
      ))}
    </Group>
  );

const noticePeriodOf = (record: CandidateRecord) => {
  const notice = record.noticePeriod;
  if (!notice) return undefined;
  const days = typeof notice.valueInDays === 'number' ? ` (${notice.valueInDays} days)` : '';
  return `${notice.label ?? ''}${days}`;
};

const labelOf = (list: readonly { value: string; label: string }[], value: string | null | undefined) =>
  value ? (list.find((item) => item.value === value)?.label ?? value) : undefined;

/** Every section of crm.md §3 a candidate carries, read-only; diversity only when the server answered it to this reader. */
export const CandidateProfile = ({ record }: { record: CandidateRecord }) => {
  const preferences = record.preferences;
  const salary = preferences?.expectedSalary;
  const institute = record.instituteInfo;
  return (
    <Stack gap="lg">
      <SectionCard title="Contacts">
        <DetailsGrid
          items={[
            { label: 'Email', value: <Anchor href={`mailto:${record.email}`}>{record.email}</Anchor> },
            { label: 'Phone', value: record.phone ? <Anchor href={`tel:${record.phone}`}>{record.phone}</Anchor> : undefined },
            {
              label: 'Address',
              value: joined([
                record.address?.building,
                record.address?.street,
                record.address?.city,
                record.address?.county,
                record.address?.postCode,
                record.address?.country,
              ]),
            },
            { label: 'LinkedIn', value: external(record.linkedInLink) },
            { label: 'GitHub', value: external(record.gitHubLink) },
            { label: 'Own contact card', value: record.selfContact?.label ?? undefined },
            {
              label: 'Linked contacts',
              value: record.contacts?.length ? record.contacts.map((linked) => linked.label).join(', ') : undefined,
            },
          ]}
        />
        {record.about && (
          <Text size="sm" mt="md" style={{ whiteSpace: 'pre-wrap' }}>
            {record.about}
          </Text>
        )}
      </SectionCard>

      <SectionCard title="Preferences">
        <DetailsGrid
          items={[
            { label: 'Current job title', value: preferences?.currentJobTitle },
            { label: 'Desired job title', value: preferences?.desiredJobTitle },
            { label: 'Notice period', value: noticePeriodOf(record) },
            { label: 'Work model', value: joined((preferences?.workModel ?? []).map((model) => labelOf(workModels, model))) },
            { label: 'Experience', value: labelOf(experienceRanges, preferences?.experience) },
            {
              label: 'Expected salary',
              value: salary
                ? joined(
                    [
                      joined([salary.min?.toLocaleString(), salary.max?.toLocaleString()], ' – '),
                      salary.duration && humanise(salary.duration),
                    ],
                    ' ',
                  )
                : undefined,
            },
            { label: 'Preferred location', value: joined([preferences?.preferredLocation?.city, preferences?.preferredLocation?.country]) },
            { label: 'Willing to relocate', value: yesNo(preferences?.willingToRelocate) },
            { label: 'UK driving licence', value: yesNo(preferences?.ukDrivingLicence) },
          ]}
        />
      </SectionCard>

      <SectionCard title="Skills">
        <Skills items={record.skills} what="skills" />
      </SectionCard>
      <SectionCard title="Personal skills">
        <Skills items={record.personalSkills} what="personal skills" />
      </SectionCard>

      <SectionCard title="Languages">
        {!record.languages?.length ? (
          <Empty what="languages" />
        ) : (
          <Group gap="xs">
            {record.languages.map((language) => (
              <Badge key={language.languageId} variant="light" tt="none">
                {joined([language.label || 'Language', language.proficiency && humanise(language.proficiency).toLowerCase()], ' · ')}
              </Badge>
            ))}
          </Group>
        )}
      </SectionCard>

      <SectionCard title="Work history">
        <Entries
          what="work history"
          items={(record.workHistory ?? []).map((job, index) => ({
            key: job._id ?? String(index),
            title: joined([job.jobTitle, job.organization], ' at '),
            meta: joined([job.jobType, job.city, period(job.startDate, job.endDate, job.currentlyWorkingHere)], ' · '),
            body: job.responsibilities,
          }))}
        />
      </SectionCard>

      <SectionCard title="Projects">
        <Entries
          what="projects"
          items={(record.projects ?? []).map((project, index) => ({
            key: project._id ?? String(index),
            title: project.link ? <Anchor href={project.link}>{project.title}</Anchor> : project.title,
            meta: project.timeDuration ?? undefined,
            body: project.description,
          }))}
        />
      </SectionCard>

      <SectionCard title="Education">
        <Entries
          what="education"
          items={(record.education ?? []).map((course, index) => ({
            key: course._id ?? String(index),
            title: joined([joined([course.qualification, course.subject], ' in '), course.organization], ' at '),
            meta: joined([course.grade && `Grade ${course.grade}`, period(course.startDate, course.endDate, course.isPursuing)], ' · '),
            body: course.description,
          }))}
        />
      </SectionCard>

      <SectionCard title="Institute info">
        <DetailsGrid
          items={[
            { label: 'Course', value: institute?.courseName },
            { label: 'Batch code', value: institute?.batchCode },
            { label: 'Preferred field', value: institute?.preferredField },
            { label: 'Enrolled', value: dateOf(institute?.enrollmentDate) },
          ]}
        />
      </SectionCard>

      {record.diversity !== undefined && (
        <SectionCard title="Diversity" description="Special-category data: each time it is read, the read is logged.">
          <DetailsGrid
            items={[
              { label: 'Date of birth', value: record.diversity?.dateOfBirth },
              { label: 'Gender', value: record.diversity?.gender },
              { label: 'Ethnic group', value: record.diversity?.ethnicGroup },
              { label: 'LGBTQ+ community', value: record.diversity?.lgbtqCommunity },
              { label: 'Illness affecting work', value: record.diversity?.illnessAffecting },
            ]}
          />
        </SectionCard>
      )}
    </Stack>
  );
};
