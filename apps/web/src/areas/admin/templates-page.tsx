import { Modal, Stack, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import type { FieldDescriptor } from '../../kit/field-descriptor';
import { HtmlPreview } from '../../kit/html-preview';
import type { Column } from '../../kit/resource-list';
import { ResourceScreen } from '../../kit/resource-screen';
import { RowButton } from '../../kit/row-actions';
import { screenTailoring } from '../../kit/screen-tailoring';
import type { Tailoring } from '../../kit/tailor';
import type { RecordOf } from '../../kit/use-resource';
import { formatDateTime } from '../../kit/words';
import { adminTemplates } from './admin-resources';

type Template = RecordOf<typeof adminTemplates>;

const fields: Tailoring<FieldDescriptor> = {
  change: { name: { description: 'Also the subject line of the message.' }, content: { label: 'Message', kind: 'richtext' } },
};

/** Text of the HTML for the table: what a person reads first, without the markup. */
const textOf = (html: string) => {
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  return text.length > 90 ? `${text.slice(0, 90)}…` : text;
};

const columns: Tailoring<Column<Template>> = {
  change: { content: { header: 'Message', render: (row) => textOf(row.content) } },
  add: [{ key: 'updatedAt', header: 'Last changed', render: (row) => formatDateTime(row.updatedAt) }],
};

export const templateScreen = screenTailoring({ resource: adminTemplates, fields, columns });

/** /admin/templates: reusable messages for engaging job seekers and companies, each with a preview as it will be read. */
export const TemplatesPage = () => {
  const [previewing, setPreviewing] = useState<Template | null>(null);
  return (
    <>
      <ResourceScreen
        {...templateScreen}
        title="Engagement templates"
        description="Reusable messages. Preview one to see it as its reader will."
        noun="template"
        searchPlaceholder="Name"
        rowLabel={(row) => row.name}
        rowExtra={(row) => (
          <RowButton name={`Preview ${row.name}`} onClick={() => setPreviewing(row)}>
            <IconEye size={18} aria-hidden />
          </RowButton>
        )}
      />
      <Modal opened={previewing !== null} onClose={() => setPreviewing(null)} title="Template preview" size="xl" centered>
        {previewing && (
          <Stack gap="sm">
            <Text size="sm">
              <Text span c="dimmed">
                Subject:{' '}
              </Text>
              <Text span fw={600}>
                {previewing.name}
              </Text>
            </Text>
            <HtmlPreview html={previewing.content} title={`Preview of ${previewing.name}`} />
          </Stack>
        )}
      </Modal>
    </>
  );
};
