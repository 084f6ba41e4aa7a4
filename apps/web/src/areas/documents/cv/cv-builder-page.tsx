import { cv, cvDetails, cvTemplateList } from '@app/contract/resources/job-board/cv';
import { jobSeekerCvUrl } from '@app/contract/resources/job-board/job-seeker';
import { Accordion, Badge, Button, Group, Paper, Skeleton, Stack, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconDeviceFloppy, IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { callApi, isApiError } from '../../../kit/api';
import { EmptyState } from '../../../kit/empty-state';
import { messageOf } from '../../../kit/notify';
import { useSeekerProfile } from '../../board/use-seeker-profile';
import { LanguageList } from '../../seeker/languages-editor';
import { RatedSkillList } from '../../seeker/skills-editor';
import { AccentColourInput } from '../accent-colour-input';
import { BuilderLayout } from '../builder-layout';
import { EntryFields, EntryListEditor } from '../entry-list-editor';
import { PdfPreview } from '../pdf-preview';
import { TemplatePicker } from '../template-picker';
import { useDocumentDraft } from '../use-document-draft';
import { CvDetailsPart } from './cv-details-part';
import { type CvDraft, cvInputPaths, cvPayload, draftFromProfile, draftFromRecord, listParts, partOf } from './cv-draft';
import { drawCv } from './draw-cv';
import { SectionOrderPart } from './section-order-part';

// The editor is large: it loads with the builder, not with the app.
const RichTextInput = lazy(() => import('../../../kit/rich-text-input').then((module) => ({ default: module.RichTextInput })));

export const cvDetailsKey = (id: string | undefined) => [cv.name, 'details', id] as const;

/** The CV builder, for a new CV (started from the profile) or a saved one. */
export const CvBuilderPage = () => {
  const param = useParams().cvId;
  const cvId = param === 'new' ? undefined : param;
  // A new CV's first save moves it to its own address: the same builder carries on, nothing is drawn anew.
  const created = useRef<string | null>(null);
  const profile = useSeekerProfile();
  const details = useQuery({
    queryKey: cvDetailsKey(cvId),
    queryFn: ({ signal }) => callApi(cvDetails, { cvId }, { signal }),
    enabled: Boolean(cvId),
  });
  const source = cvId ? details : profile;

  if (source.isPending) {
    return (
      <Stack gap="md" aria-busy="true" role="status" aria-label="Loading the CV">
        <Skeleton height={36} width={240} />
        <Skeleton height={420} radius="md" />
      </Stack>
    );
  }
  if (source.isError) {
    const missing = isApiError(source.error) && source.error.status === 404;
    return (
      <EmptyState
        icon={<IconAlertTriangle size={24} />}
        colour="red"
        title={missing ? 'This CV does not exist' : 'The CV could not be loaded'}
        message={missing ? 'It may have been deleted.' : messageOf(source.error)}
        action={
          missing ? undefined : (
            <Button variant="light" onClick={() => source.refetch()}>
              Try again
            </Button>
          )
        }
      />
    );
  }
  const initial = cvId && details.data ? draftFromRecord(details.data) : draftFromProfile(profile.data as NonNullable<typeof profile.data>);
  const key = cvId && cvId === created.current ? 'new' : (cvId ?? 'new');
  return (
    <CvBuilder
      key={key}
      cvId={cvId}
      initial={initial}
      onCreated={(id) => {
        created.current = id;
      }}
    />
  );
};

const listOf = <T,>(items: T[] | undefined) => items ?? [];

type CvBuilderProps = { cvId: string | undefined; initial: CvDraft; onCreated: (id: string) => void };

const CvBuilder = ({ cvId, initial, onCreated }: CvBuilderProps) => {
  const [open, setOpen] = useState<string[]>(cvId ? ['details'] : ['details', 'summary']);
  const { draft, dirty, errors, change, busy, saveNow, download } = useDocumentDraft<CvDraft, typeof cv>({
    resource: cv,
    id: cvId,
    initial,
    payloadOf: cvPayload,
    inputPathsOf: cvInputPaths,
    detailsKey: cvDetailsKey,
    pathOf: (id) => `/seeker/cvs/${id}`,
    onCreated,
    messages: { created: 'Your CV has been created', saved: 'Your CV has been saved', failed: 'Your CV could not be saved' },
    // The parts holding a message open, so it is seen.
    onInvalid: (paths) => setOpen((current) => [...new Set([...current, ...paths.map(partOf)])]),
  });
  const templates = useQuery({
    queryKey: ['cv-templates'],
    queryFn: ({ signal }) => callApi(cvTemplateList, {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

  /** The PDF is drawn by the server from what is saved, so changes are saved first. */
  const downloadPdf = () => download('download', (id) => callApi(jobSeekerCvUrl, { cvId: id }), 'The PDF could not be made');

  const choices = templates.data?.map((t) => ({ value: t.slug, title: t.title, description: t.description }));
  const partHasError = (part: string) => Object.keys(errors).some((path) => partOf(path) === part);
  const errorsIn = (prefix: string) =>
    Object.fromEntries(
      Object.entries(errors).flatMap(([path, message]) => (path.startsWith(prefix) ? [[path.slice(prefix.length), message]] : [])),
    );

  const actions = (
    <Group gap="sm">
      <Button
        variant="default"
        leftSection={<IconDownload size={18} aria-hidden />}
        onClick={downloadPdf}
        loading={busy === 'download'}
        disabled={busy === 'save'}
      >
        Download PDF
      </Button>
      <Button
        leftSection={<IconDeviceFloppy size={18} aria-hidden />}
        onClick={saveNow}
        loading={busy === 'save'}
        disabled={busy === 'download'}
      >
        Save CV
      </Button>
    </Group>
  );

  const part = (value: string, title: string, count: number | null, children: ReactNode) => (
    <Accordion.Item value={value}>
      <Accordion.Control>
        <Group gap="xs">
          <Text fw={600}>{title}</Text>
          {count !== null && count > 0 && (
            <Badge variant="light" size="sm" radius="sm">
              {count}
            </Badge>
          )}
          {partHasError(value) && (
            <Badge color="red" variant="light" size="sm" radius="sm">
              Check this part
            </Badge>
          )}
        </Group>
      </Accordion.Control>
      <Accordion.Panel>{children}</Accordion.Panel>
    </Accordion.Item>
  );

  /** A part that is a list of entries (work history, education, projects...). */
  const listPart = (list: (typeof listParts)[number]) =>
    part(
      list.key,
      list.title,
      draft[list.key].length,
      <EntryListEditor
        noun={list.noun}
        entries={draft[list.key]}
        onChange={(entries) => change({ [list.key]: entries }, [list.key])}
        blank={list.blank}
        titleOf={list.titleOf}
      >
        {(entry, index, patch) => (
          <EntryFields fields={list.fields} entry={entry} onChange={patch} errors={errorsIn(`${list.key}.${index}.`)} />
        )}
      </EntryListEditor>,
    );

  return (
    <BuilderLayout
      title={cvId ? draft.cvTitle || 'CV' : 'New CV'}
      saved={Boolean(cvId)}
      dirty={dirty}
      newHint="Started from your profile: check each part, then save."
      actions={actions}
      preview={<PdfPreview title="Preview of your CV" source={draft} draw={drawCv} />}
    >
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="cv-design-heading">
        <Stack gap="sm">
          <Title order={2} fz="md" id="cv-design-heading">
            Name and look
          </Title>
          <TextInput
            label="CV name"
            description="Only you see it, in your list of CVs"
            value={draft.cvTitle}
            error={errors.cvTitle}
            onChange={(e) => change({ cvTitle: e.currentTarget.value })}
          />
          <TemplatePicker
            label="Template"
            choices={choices}
            value={draft.templateSlug}
            onChange={(templateSlug) => change({ templateSlug })}
            error={errors.templateSlug}
          />
          <AccentColourInput value={draft.accentColor} onChange={(accentColor) => change({ accentColor })} error={errors.accentColor} />
        </Stack>
      </Paper>
      <Accordion multiple value={open} onChange={setOpen} variant="separated" radius="md" chevronPosition="right">
        {part('details', 'Personal details', null, <CvDetailsPart draft={draft} change={change} errors={errors} />)}
        {part(
          'summary',
          'Professional summary',
          null,
          <Suspense fallback={<Skeleton height={220} role="status" aria-label="Loading the summary editor" />}>
            <RichTextInput
              label="Professional summary"
              description="Three or four lines on who you are, what you are good at and what you want next."
              required
              classNames={{ label: 'required-label' }}
              value={draft.professionalSummary}
              error={errors.professionalSummary}
              onChange={(professionalSummary) => change({ professionalSummary })}
            />
          </Suspense>,
        )}
        {listParts.slice(0, 2).map(listPart)}
        {part(
          'skills',
          'Skills',
          draft.skills.length + draft.personalSkills.length,
          <Stack gap="lg">
            <Stack gap={4}>
              <Text fw={600} size="sm">
                Skills
              </Text>
              <RatedSkillList label="Add a skill" skills={draft.skills} onChange={(skills) => change({ skills })} allowCustom />
              <ListErrors errors={errorsIn('skills.')} />
            </Stack>
            <Stack gap={4}>
              <Text fw={600} size="sm">
                Personal skills
              </Text>
              <RatedSkillList
                label="Add a personal skill"
                skills={draft.personalSkills}
                onChange={(personalSkills) => change({ personalSkills })}
                allowCustom
                emptyText="Teamwork, communication, leadership…"
              />
              <ListErrors errors={errorsIn('personalSkills.')} />
            </Stack>
          </Stack>,
        )}
        {part(
          'languages',
          'Languages',
          draft.languages.length,
          <Stack gap={4}>
            <LanguageList languages={draft.languages} onChange={(languages) => change({ languages })} allowCustom />
            <ListErrors errors={errorsIn('languages.')} />
          </Stack>,
        )}
        {listParts.slice(2).map(listPart)}
        {part(
          'hobbies',
          'Hobbies and interests',
          draft.hobbies.length,
          <TagsInput
            label="Hobbies and interests"
            description="Press Enter after each one"
            placeholder="e.g. Fell running"
            value={listOf(draft.hobbies)}
            onChange={(hobbies) => change({ hobbies })}
            error={errors.hobbies}
            clearable
          />,
        )}
        {part(
          'order',
          'Section order',
          null,
          <Stack gap={4}>
            <SectionOrderPart
              templateSlug={draft.templateSlug}
              sectionOrder={draft.sectionOrder}
              onChange={(sectionOrder) => change({ sectionOrder })}
            />
            <ListErrors errors={errorsIn('sectionOrder')} />
          </Stack>,
        )}
      </Accordion>
    </BuilderLayout>
  );
};

/** Messages about entries that have no input of their own (a skill's name), under their list. */
const ListErrors = ({ errors }: { errors: Record<string, string> }) => {
  const messages = [...new Set(Object.values(errors))];
  return messages.length > 0 ? (
    <Text size="sm" c="red" role="alert">
      {messages.join(' ')}
    </Text>
  ) : null;
};
