import { slugify } from '@app/contract/conventions/career';
import type { UploadedFile } from '@app/contract/conventions/common';
import { fileUpload } from '@app/contract/resources/auth';
import { coverLetterTemplate } from '@app/contract/resources/job-board/cover-letter';
import { coverLetterTemplateSlugs, defaultAccentColor } from '@app/contract/resources/job-board/cv-document';
import { coverLetterTemplateCatalogue } from '@app/documents/catalogue';
import { Button, ColorSwatch, FileInput, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPencil, IconPhoto, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { uploadFile } from '../../kit/api';
import type { FieldDescriptor } from '../../kit/field-descriptor';
import { FieldsForm } from '../../kit/fields-form';
import { messageOf } from '../../kit/notify';
import { ResourceList } from '../../kit/resource-list';
import { StatusBadge } from '../../kit/status-badge';
import { type RecordOf, useCreate, useUpdate } from '../../kit/use-resource';

const layoutTitle = (layout: string) => coverLetterTemplateCatalogue.find((entry) => entry.slug === layout)?.title ?? layout;

const fields: FieldDescriptor[] = [
  { name: 'title', label: 'Title', kind: 'text', half: true, required: true, description: 'What seekers see when they choose' },
  {
    name: 'slug',
    label: 'Slug',
    kind: 'text',
    half: true,
    required: true,
    description: 'a-z, 0-9 and “-”; letters keep it',
    deriveFrom: { field: 'title', transform: slugify },
  },
  {
    name: 'layout',
    label: 'Layout',
    kind: 'select',
    required: true,
    description: 'The built-in design that draws it; uploaded template code is never run',
    options: coverLetterTemplateSlugs.map((slug) => ({
      value: slug,
      label: `${layoutTitle(slug)}: ${coverLetterTemplateCatalogue.find((entry) => entry.slug === slug)?.description ?? ''}`,
    })),
  },
  {
    name: 'defaultAccentColor',
    label: 'Default accent colour',
    kind: 'text',
    half: true,
    required: true,
    placeholder: defaultAccentColor,
    description: 'Like #1f4e79; seekers may change it',
  },
  {
    name: 'status',
    label: 'Status',
    kind: 'select',
    half: true,
    required: true,
    options: [
      { value: 'ACTIVE', label: 'Active' },
      { value: 'INACTIVE', label: 'Inactive' },
    ],
  },
  { name: 'isDocx', label: 'Offer a Word file too', kind: 'switch' },
];

type TemplateRow = RecordOf<typeof coverLetterTemplate>;

/**
 * /admin/cover-letters/templates: the designs seekers choose from. A template names one of the
 * built-in layouts with a colour of its own.
 */
export const CoverLetterTemplatesPage = () => {
  const [open, setOpen] = useState<{ row?: TemplateRow } | null>(null);
  return (
    <>
      <ResourceList
        resource={coverLetterTemplate}
        title="Cover-letter templates"
        description="The designs seekers choose from. Each draws one of the built-in layouts in its own colour."
        noun="template"
        searchPlaceholder="Title or slug"
        rowLabel={(row) => row.title}
        action={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setOpen({})}>
            Add template
          </Button>
        }
        columns={[
          {
            key: 'title',
            header: 'Template',
            render: (row) => (
              <Group gap="sm" wrap="nowrap">
                {row.imgFile?.url ? (
                  <Image src={row.imgFile.url} alt="" w={40} h={52} fit="cover" radius="sm" />
                ) : (
                  <IconPhoto size={20} aria-hidden color="var(--mantine-color-gray-5)" />
                )}
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {row.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {row.slug}
                  </Text>
                </Stack>
              </Group>
            ),
          },
          { key: 'layout', header: 'Layout', render: (row) => layoutTitle(row.layout) },
          {
            key: 'defaultAccentColor',
            header: 'Colour',
            render: (row) => (
              <Group gap={6} wrap="nowrap">
                <ColorSwatch color={row.defaultAccentColor} size={16} aria-hidden />
                <Text size="sm">{row.defaultAccentColor}</Text>
              </Group>
            ),
          },
          { key: 'isDocx', header: 'Word file', render: (row) => (row.isDocx ? 'Yes' : 'PDF only') },
          { key: 'status', header: 'Status', render: (row) => <StatusBadge value={row.status} /> },
        ]}
        rowExtra={(row) => (
          <Button variant="subtle" size="compact-sm" leftSection={<IconPencil size={14} aria-hidden />} onClick={() => setOpen({ row })}>
            Edit
          </Button>
        )}
      />
      <TemplateFormModal opened={open !== null} row={open?.row} onClose={() => setOpen(null)} />
    </>
  );
};

const TemplateFormModal = ({ opened, row, onClose }: { opened: boolean; row?: TemplateRow; onClose: () => void }) => {
  const phone = useMediaQuery('(max-width: 40em)');
  return (
    <Modal opened={opened} onClose={onClose} title={row ? `Edit ${row.title}` : 'Add template'} size="lg" fullScreen={phone} centered>
      {opened && <TemplateForm row={row} onDone={onClose} />}
    </Modal>
  );
};

const TemplateForm = ({ row, onDone }: { row?: TemplateRow; onDone: () => void }) => {
  const create = useCreate(coverLetterTemplate);
  const update = useUpdate(coverLetterTemplate);
  const [image, setImage] = useState<UploadedFile | null>((row?.imgFile as UploadedFile | null | undefined) ?? null);
  const [uploading, setUploading] = useState(false);
  const [imageError, setImageError] = useState<string | undefined>();

  const upload = async (file: File | null) => {
    setImageError(undefined);
    if (!file) return setImage(null);
    setUploading(true);
    try {
      setImage(await uploadFile(fileUpload, file));
    } catch (error) {
      setImageError(messageOf(error));
    } finally {
      setUploading(false);
    }
  };

  return (
    <FieldsForm
      fields={fields}
      initial={
        row
          ? {
              title: row.title,
              slug: row.slug,
              layout: row.layout,
              defaultAccentColor: row.defaultAccentColor,
              status: row.status,
              isDocx: row.isDocx,
            }
          : { layout: 'classic', defaultAccentColor, status: 'ACTIVE', isDocx: true }
      }
      emptyStrings="omit"
      submitLabel={row ? 'Save template' : 'Add template'}
      successMessage={row ? 'Template saved' : 'Template added'}
      onSubmit={(payload) => {
        const { url: _url, ...imgFile } = image ?? ({} as UploadedFile);
        const values = { ...payload, ...(image ? { imgFile } : {}) };
        return row ? update.mutateAsync({ ...values, _id: row._id } as never) : create.mutateAsync(values as never);
      }}
      onSuccess={onDone}
      onCancel={onDone}
      footer={
        <FileInput
          label="Preview image (optional)"
          description="PNG, JPEG or WEBP: a picture of a page in this template"
          accept="image/png,image/jpeg,image/webp"
          placeholder={image?.originalName ?? 'Choose an image'}
          value={null}
          onChange={upload}
          disabled={uploading}
          error={imageError}
          clearable
        />
      }
    />
  );
};
