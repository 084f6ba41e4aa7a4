import { Modal, Stack, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import type { FieldDescriptor } from '../../kit/field-descriptor';
import { HtmlPreview } from '../../kit/html-preview';
import { ResourceList } from '../../kit/resource-list';
import { RowButton } from '../../kit/row-actions';
import type { RecordOf } from '../../kit/use-resource';
import { formatDateTime } from '../../kit/words';
import { adminTemplates } from './admin-resources';

type Template = RecordOf<typeof adminTemplates>;

const fields: FieldDescriptor[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true, description: 'Also the subject line of the message.' },
  { name: 'content', label: 'Message', kind: 'richtext', required: true },
];

/** Text of the HTML for the table: what a person reads first, without the markup. */
const textOf = (html: string) => {
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  return text.length > 90 ? `${text.slice(0, 90)}…` : text;
};

/** /admin/templates: reusable messages for engaging job seekers and companies, each with a preview as it will be read. */
export const TemplatesPage = () => {
  const [previewing, setPreviewing] = useState<Template | null>(null);
  return (
    <>
      <ResourceList
        resource={adminTemplates}
        title="Engagement templates"
        description="Reusable messages. Preview one to see it as its reader will."
        noun="template"
        searchPlaceholder="Name"
        rowLabel={(row) => row.name}
        form={{ fields }}
        rowExtra={(row) => (
          <RowButton name={`Preview ${row.name}`} onClick={() => setPreviewing(row)}>
            <IconEye size={18} aria-hidden />
          </RowButton>
        )}
        columns={[
          { key: 'name', header: 'Name' },
          { key: 'content', header: 'Message', wrap: true, render: (row) => textOf(row.content) },
          { key: 'updatedAt', header: 'Last changed', render: (row) => formatDateTime(row.updatedAt) },
        ]}
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
