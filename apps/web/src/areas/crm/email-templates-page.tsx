import { candidate } from '@app/contract/resources/crm/candidate';
import { emailTemplate, fillTemplate, type TemplateValues, templateVariables } from '@app/contract/resources/crm/email-template';
import { crmJob } from '@app/contract/resources/hiring/crm-job';
import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useCan } from '../../kit/can';
import { ReferencePicker } from '../../kit/reference-picker';
import { ResourceScreen } from '../../kit/resource-screen';
import { screenTailoring } from '../../kit/screen-tailoring';
import { useSession } from '../../kit/session';
import { type RecordOf, useDetails } from '../../kit/use-resource';

const variables = { label: 'Insert a variable', options: templateVariables.map(({ key, label }) => ({ value: `{{${key}}}`, label })) };

export const emailTemplateScreen = screenTailoring({
  resource: emailTemplate,
  fields: {
    change: {
      subject: { insertable: variables },
      content: { label: 'Body', insertable: variables, description: 'Variables are filled in for each person when the mail is sent.' },
    },
  },
});

type Template = RecordOf<typeof emailTemplate>;

/** The saved template filled for a candidate (and a job) the person picks: what that candidate would receive. */
const TemplatePreview = ({ template }: { template: Template }) => {
  const can = useCan();
  const { user } = useSession();
  const [candidateId, setCandidateId] = useState('');
  const [jobId, setJobId] = useState('');
  const person = useDetails(candidate, candidateId || undefined);
  const job = useDetails(crmJob, jobId || undefined);
  if (!can.do(candidate, 'list')) return null;
  const address = person.data?.address ?? {};
  const values: TemplateValues = {
    firstName: person.data?.name.first,
    lastName: person.data?.name.last,
    organisationName: user?.organisationName,
    designation: (person.data?.preferences as { currentJobTitle?: string } | null | undefined)?.currentJobTitle,
    email: person.data?.email,
    phone: person.data?.phone,
    building: address.building,
    street: address.street,
    city: address.city,
    county: address.county,
    postCode: address.postCode,
    country: address.country,
    jobTitle: job.data?.title,
  };
  return (
    <Card withBorder mt="md" aria-label="Preview">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Preview
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <ReferencePicker
            label="For candidate"
            target={{ resource: candidate, labelField: 'name.fullName' }}
            value={candidateId}
            onChange={(chosen) => setCandidateId(String(chosen ?? ''))}
          />
          {can.do(crmJob, 'list') && (
            <ReferencePicker
              label="About job"
              target={{ resource: crmJob, labelField: 'title' }}
              value={jobId}
              onChange={(chosen) => setJobId(String(chosen ?? ''))}
            />
          )}
        </SimpleGrid>
        {candidateId ? (
          <Stack gap={4}>
            <Group gap="xs">
              <Text fw={600}>Subject:</Text>
              <Text data-testid="preview-subject">{fillTemplate(template.subject, values)}</Text>
            </Group>
            <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="preview-body">
              {fillTemplate(template.content ?? '', values)}
            </Text>
          </Stack>
        ) : (
          <Text c="dimmed" size="sm">
            Choose a candidate to see this template as they would receive it (the saved version).
          </Text>
        )}
      </Stack>
    </Card>
  );
};

/** /crm/email-templates: the letters the CRM sends, with variables; the ACTIVE one of a type replaces the built-in letter. */
export const EmailTemplatesPage = () => (
  <ResourceScreen
    {...emailTemplateScreen}
    title="Email templates"
    noun="email template"
    description="The newest active template of a type is what the CRM sends for it (a rejection, an offer); without one it sends its own text."
    recordExtra={(row) => <TemplatePreview template={row} />}
  />
);
