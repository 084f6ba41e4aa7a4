import {
  coverLetter,
  coverLetterTemplate,
  coverLetterUrl,
  seekerCoverLetterSections,
} from '@app/contract/resources/job-board/cover-letter';
import { job as jobResource } from '@app/contract/resources/job-board/job';
import { coverLetterTemplateCatalogue } from '@app/documents/catalogue';
import { Alert, Button, Grid, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconBriefcase, IconDeviceFloppy, IconDownload, IconFileTypeDocx } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { callApi, callResource, isApiError } from '../../../kit/api';
import { EmptyState } from '../../../kit/empty-state';
import { messageOf } from '../../../kit/notify';
import { useList } from '../../../kit/use-resource';
import type { SeekerRecord } from '../../board/types';
import { useSeekerProfile } from '../../board/use-seeker-profile';
import { AccentColourInput } from '../accent-colour-input';
import { BuilderLayout } from '../builder-layout';
import { PdfPreview } from '../pdf-preview';
import { TemplatePicker } from '../template-picker';
import { useDocumentDraft } from '../use-document-draft';
import { BodySectionsEditor } from './body-sections-editor';
import { drawLetter } from './draw-letter';
import {
  inCatalogueOrder,
  type LetterDraft,
  letterDraftOf,
  letterInputPaths,
  letterPayload,
  letterTitle,
  newLetterDraft,
  type SectionDefinition,
  type TemplateRecord,
} from './letter-draft';
import { variableValues } from './letter-values';

export const letterDetailsKey = (id: string | undefined) => [coverLetter.name, 'details', id] as const;
export const letterSectionsKey = ['cover-letter', 'sections'] as const;

/** Everything the builder needs before it can start: the catalogue, the templates, the profile, the letter or the job. */
export const CoverLetterBuilderPage = () => {
  const param = useParams().id;
  const id = param === 'new' ? undefined : param;
  // A new letter's first save moves it to its own address: the same builder carries on.
  const created = useRef<string | null>(null);
  const [params] = useSearchParams();
  const jobId = id ? null : params.get('jobId');
  const profile = useSeekerProfile();
  const sections = useQuery({
    queryKey: letterSectionsKey,
    queryFn: ({ signal }) => callApi(seekerCoverLetterSections, {}, { signal }),
    staleTime: 60_000,
  });
  const templates = useList(coverLetterTemplate, { limit: 'ALL' });
  const letter = useQuery({
    queryKey: letterDetailsKey(id),
    queryFn: ({ signal }) => callResource(coverLetter, 'details', { _id: id }, { signal }),
    enabled: Boolean(id),
  });
  const job = useQuery({
    queryKey: [jobResource.name, 'details', jobId],
    queryFn: ({ signal }) => callResource(jobResource, 'details', { _id: jobId }, { signal }),
    enabled: Boolean(jobId),
    retry: false,
  });

  const needed = [profile, sections, templates, ...(id ? [letter] : [])];
  const failed = needed.find((query) => query.isError);
  if (failed) {
    const missing = isApiError(failed.error) && failed.error.status === 404;
    return (
      <EmptyState
        icon={<IconAlertTriangle size={24} />}
        colour="red"
        title={missing ? 'This cover letter does not exist' : 'The cover letter builder could not be loaded'}
        message={missing ? 'It may have been deleted.' : messageOf(failed.error)}
        action={
          missing ? undefined : (
            <Button
              variant="light"
              onClick={() => {
                for (const query of needed) if (query.isError) void query.refetch();
              }}
            >
              Try again
            </Button>
          )
        }
      />
    );
  }
  if (needed.some((query) => query.isPending) || (jobId && job.isPending)) {
    return (
      <Stack gap="md" aria-busy="true" role="status" aria-label="Loading the cover letter">
        <Skeleton height={36} width={260} />
        <Skeleton height={420} radius="md" />
      </Stack>
    );
  }

  const definitions = sections.data?.results ?? [];
  const templateList = inCatalogueOrder(templates.data?.results ?? []);
  const seeker = profile.data as SeekerRecord;
  const facts = job.data ? { _id: job.data._id, title: job.data.title, companyName: job.data.companyName } : undefined;
  const initial = id && letter.data ? letterDraftOf(letter.data, definitions) : newLetterDraft(seeker, definitions, templateList[0], facts);
  return (
    <LetterBuilder
      key={id && id === created.current ? 'new' : (id ?? 'new')}
      onCreated={(saved) => {
        created.current = saved;
      }}
      id={id}
      initial={initial}
      definitions={definitions}
      templates={templateList}
      profile={seeker}
      jobMissing={Boolean(jobId && job.isError)}
    />
  );
};

type LetterBuilderProps = {
  id: string | undefined;
  onCreated: (id: string) => void;
  initial: LetterDraft;
  definitions: SectionDefinition[];
  templates: TemplateRecord[];
  profile: SeekerRecord;
  jobMissing: boolean;
};

const LetterBuilder = ({ id, onCreated, initial, definitions, templates, profile, jobMissing }: LetterBuilderProps) => {
  const { draft, setDraft, dirty, errors, forget, change, busy, saveNow, download } = useDocumentDraft<LetterDraft, typeof coverLetter>({
    resource: coverLetter,
    id,
    initial,
    payloadOf: letterPayload,
    inputPathsOf: letterInputPaths,
    detailsKey: letterDetailsKey,
    pathOf: (savedId) => `/seeker/cover-letters/${savedId}`,
    onCreated,
    messages: {
      created: 'Your cover letter has been created',
      saved: 'Your cover letter has been saved',
      failed: 'Your letter could not be saved',
    },
  });

  const byId = useMemo(() => new Map(definitions.map((section) => [section._id, section])), [definitions]);
  const template = templates.find((candidate) => candidate.slug === draft.templateSlug);
  const layout = template?.layout ?? 'classic';
  const source = useMemo(() => ({ draft, layout }), [draft, layout]);
  const { jobSeekerDetails: me, recipientDetails: to } = draft;
  const values = useMemo(
    () => variableValues({ ...me, recipientName: to.name, companyName: to.companyName, jobTitle: to.jobTitle }, profile),
    [me, to, profile],
  );

  const setMe = (patch: Partial<LetterDraft['jobSeekerDetails']>, path: string) => {
    setDraft((current) => ({ ...current, jobSeekerDetails: { ...current.jobSeekerDetails, ...patch } }));
    forget([`jobSeekerDetails.${path}`]);
  };
  const setTo = (patch: Partial<LetterDraft['recipientDetails']>, path: string) => {
    setDraft((current) => ({ ...current, recipientDetails: { ...current.recipientDetails, ...patch } }));
    forget([`recipientDetails.${path}`]);
  };

  const chooseTemplate = (slug: string) => {
    const chosen = templates.find((candidate) => candidate.slug === slug);
    // Each template comes with the colour it was designed around; the seeker may change it after.
    change({ templateSlug: slug, ...(chosen?.defaultAccentColor ? { accentColor: chosen.defaultAccentColor } : {}) });
  };

  /** The files are drawn by the server from what is saved, so changes are saved first. */
  const downloadAs = (format: 'pdf' | 'docx') =>
    download(
      format,
      (letterId) => callApi(coverLetterUrl, { coverLetterId: letterId, isDocx: format === 'docx' }),
      format === 'pdf' ? 'The PDF could not be made' : 'The Word file could not be made',
    );

  const choices = templates.map((candidate) => ({
    value: candidate.slug,
    title: candidate.title,
    description: coverLetterTemplateCatalogue.find((layoutInfo) => layoutInfo.slug === candidate.layout)?.description ?? '',
  }));

  const actions = (
    <Group gap="sm">
      <Button
        variant="default"
        leftSection={<IconDownload size={18} aria-hidden />}
        onClick={() => downloadAs('pdf')}
        loading={busy === 'pdf'}
        disabled={busy !== null && busy !== 'pdf'}
      >
        Download PDF
      </Button>
      {template?.isDocx && (
        <Button
          variant="default"
          leftSection={<IconFileTypeDocx size={18} aria-hidden />}
          onClick={() => downloadAs('docx')}
          loading={busy === 'docx'}
          disabled={busy !== null && busy !== 'docx'}
        >
          Download Word
        </Button>
      )}
      <Button
        leftSection={<IconDeviceFloppy size={18} aria-hidden />}
        onClick={saveNow}
        loading={busy === 'save'}
        disabled={busy !== null && busy !== 'save'}
      >
        Save letter
      </Button>
    </Group>
  );

  const text = (label: string, path: string, value: string, onChange: (value: string) => void, extra: Record<string, unknown> = {}) => (
    <TextInput label={label} value={value} error={errors[path]} onChange={(e) => onChange(e.currentTarget.value)} {...extra} />
  );
  const required = { classNames: { label: 'required-label' } };
  const half = (child: ReactNode) => <Grid.Col span={{ base: 12, sm: 6 }}>{child}</Grid.Col>;
  const bodyErrors = Object.fromEntries(
    Object.entries(errors).flatMap(([path, message]) =>
      path.startsWith('bodySections.') ? [[path.slice('bodySections.'.length), message]] : [],
    ),
  );

  return (
    <BuilderLayout
      title={id ? letterTitle(draft) : 'New cover letter'}
      saved={Boolean(id)}
      dirty={dirty}
      newHint="Your details come from your profile. Pick suggestions for each part and make them your own."
      actions={actions}
      notice={
        jobMissing && (
          <Alert color="yellow" variant="light" mb="md" icon={<IconBriefcase size={18} aria-hidden />}>
            The job this letter was started from could not be found, so the recipient is left for you to fill in.
          </Alert>
        )
      }
      preview={<PdfPreview title="Preview of your cover letter" source={source} draw={drawLetter} />}
    >
      <Panel id="letter-look" title="Name and look">
        <TextInput
          label="Letter title"
          description="Only you see it, in your list of letters"
          placeholder={letterTitle({ ...draft, title: '' })}
          value={draft.title}
          error={errors.title}
          onChange={(e) => change({ title: e.currentTarget.value })}
        />
        <TemplatePicker
          label="Template"
          choices={choices}
          value={draft.templateSlug}
          onChange={chooseTemplate}
          error={errors.templateSlug}
        />
        <AccentColourInput value={draft.accentColor} onChange={(accentColor) => change({ accentColor })} error={errors.accentColor} />
      </Panel>
      <Panel id="letter-me" title="Your details">
        <Grid gutter="sm">
          {half(
            text(
              'First name',
              'jobSeekerDetails.name.first',
              me.name.first,
              (first) => setMe({ name: { ...me.name, first } }, 'name.first'),
              required,
            ),
          )}
          {half(
            text('Last name', 'jobSeekerDetails.name.last', me.name.last, (last) => setMe({ name: { ...me.name, last } }, 'name.last')),
          )}
          {half(text('Email', 'jobSeekerDetails.email', me.email, (email) => setMe({ email }, 'email'), { ...required, type: 'email' }))}
          {half(
            text('Phone', 'jobSeekerDetails.phone', me.phone, (phone) => setMe({ phone }, 'phone'), {
              ...required,
              type: 'tel',
              description: 'A UK number: 44 and ten more digits, e.g. 447700900123',
            }),
          )}
          <Grid.Col span={12}>
            {text('Designation', 'jobSeekerDetails.designation', me.designation, (designation) => setMe({ designation }, 'designation'), {
              ...required,
              description: 'Your current title, printed under your name',
            })}
          </Grid.Col>
        </Grid>
      </Panel>
      <Panel id="letter-to" title="Recipient">
        <Grid gutter="sm">
          <Grid.Col span={12}>
            {text('Hiring manager’s name', 'recipientDetails.name', to.name, (name) => setTo({ name }, 'name'), {
              description: 'Leave it empty to write to “Hiring Manager”',
            })}
          </Grid.Col>
          {half(
            text(
              'Company name',
              'recipientDetails.companyName',
              to.companyName,
              (companyName) => setTo({ companyName }, 'companyName'),
              required,
            ),
          )}
          {half(text('Job title', 'recipientDetails.jobTitle', to.jobTitle, (jobTitle) => setTo({ jobTitle }, 'jobTitle'), required))}
          {half(
            text('Date on the letter', 'date', draft.date, (date) => change({ date }), {
              type: 'date',
              description: 'Leave it empty for no date',
            }),
          )}
        </Grid>
      </Panel>
      <Panel id="letter-body" title="The letter">
        <Text size="sm" c="dimmed">
          Write each part or start from a suggestion. Drag parts by their handle, or use the arrows, to change their order; the greeting and
          the sign-off stay in place.
        </Text>
        <BodySectionsEditor
          sections={draft.bodySections}
          definitions={byId}
          values={values}
          errors={bodyErrors}
          onChange={(bodySections, touched) => change({ bodySections }, [touched ? `bodySections.${touched}` : 'bodySections'])}
        />
      </Panel>
    </BuilderLayout>
  );
};

const Panel = ({ id, title, children }: { id: string; title: string; children: ReactNode }) => (
  <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`${id}-heading`}>
    <Stack gap="sm">
      <Title order={2} fz="md" id={`${id}-heading`}>
        {title}
      </Title>
      {children}
    </Stack>
  </Paper>
);
