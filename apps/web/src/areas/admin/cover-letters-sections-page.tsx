import { coverLetterSection, reorderCoverLetterSection } from '@app/contract/resources/job-board/cover-letter';
import { Badge, Button, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconBulb, IconPencil, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi } from '../../kit/api';
import { notifyFailure } from '../../kit/notify';
import { ResourceList } from '../../kit/resource-list';
import { RowButton, RowLink } from '../../kit/row-actions';
import { StatusBadge } from '../../kit/status-badge';
import { resourceKey, useList } from '../../kit/use-resource';
import { humanise } from '../../kit/words';
import { SectionFormModal, type SectionRecord } from './cover-letter-section-form';

/**
 * /admin/cover-letters/sections: the parts of a cover letter, in the order a new letter has them.
 * The arrows move a section; the others shift to make room.
 */
export const CoverLetterSectionsPage = () => {
  const queryClient = useQueryClient();
  const all = useList(coverLetterSection, { limit: 'ALL' });
  const last = Math.max(0, ...(all.data?.results ?? []).map((row) => row.orderNumber));
  const [editing, setEditing] = useState<{ record?: SectionRecord } | null>(null);
  const [moving, setMoving] = useState<string | null>(null);

  const move = async (row: SectionRecord, by: -1 | 1) => {
    setMoving(row._id);
    try {
      await callApi(reorderCoverLetterSection, { _id: row._id, orderNumber: row.orderNumber + by });
      await queryClient.invalidateQueries({ queryKey: resourceKey(coverLetterSection) });
    } catch (error) {
      notifyFailure(error);
    } finally {
      setMoving(null);
    }
  };

  return (
    <>
      <ResourceList
        resource={coverLetterSection}
        title="Cover-letter sections"
        description="The parts of a letter, in the order new letters have them. Seekers may move the movable ones in their own letters."
        noun="section"
        searchPlaceholder="Label, value or description"
        rowLabel={(row) => row.label}
        action={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({})}>
            Add section
          </Button>
        }
        emptyMessage="Add the first part of a letter, such as a greeting."
        columns={[
          { key: 'orderNumber', header: '#', render: (row) => row.orderNumber + 1 },
          {
            key: 'label',
            header: 'Section',
            wrap: true,
            render: (row) => (
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {row.label}{' '}
                  <Text span size="xs" c="dimmed" ff="monospace">
                    {row.value}
                  </Text>
                </Text>
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {row.description}
                </Text>
              </Stack>
            ),
          },
          { key: 'type', header: 'Type', render: (row) => humanise(row.type) },
          {
            key: 'isDraggable',
            header: 'Movable',
            render: (row) =>
              row.isDraggable ? (
                'Yes'
              ) : (
                <Badge variant="light" color="gray" radius="sm">
                  Fixed
                </Badge>
              ),
          },
          { key: 'subSections', header: 'Sub-sections', render: (row) => row.subSections.map((sub) => sub.label).join(', ') || '—' },
          { key: 'status', header: 'Status', render: (row) => <StatusBadge value={row.status} /> },
        ]}
        rowExtra={(row) => (
          <>
            <RowButton name={`Move ${row.label} up`} onClick={() => moving === null && row.orderNumber > 0 && move(row, -1)}>
              <IconArrowUp size={18} aria-hidden />
            </RowButton>
            <RowButton name={`Move ${row.label} down`} onClick={() => moving === null && row.orderNumber < last && move(row, 1)}>
              <IconArrowDown size={18} aria-hidden />
            </RowButton>
            <RowLink name={`Suggestions for ${row.label}`} to={`/admin/cover-letters/suggestions?sectionId=${row._id}`}>
              <IconBulb size={18} aria-hidden />
            </RowLink>
            <RowButton name={`Edit ${row.label}`} onClick={() => setEditing({ record: row })}>
              <IconPencil size={18} aria-hidden />
            </RowButton>
          </>
        )}
      />
      <SectionFormModal opened={editing !== null} onClose={() => setEditing(null)} record={editing?.record} />
    </>
  );
};
