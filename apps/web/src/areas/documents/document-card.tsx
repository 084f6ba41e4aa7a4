import { ActionIcon, Badge, Button, Card, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { IconCopy, IconDots, IconDownload, IconFileTypeDocx, IconPencil, IconStar, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type DocumentCardProps = {
  title: string;
  isDefault: boolean;
  /** What else tells documents apart: the template, who a letter is for, when it changed. */
  lines: ReactNode[];
  editTo: string;
  /** What the default means for this kind of document, said beside the badge. */
  defaultHint: string;
  busy: string | null;
  onDownloadPdf: () => void;
  /** Word files are offered only where the template has them. */
  onDownloadWord?: () => void;
  onMakeDefault: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
};

/** One CV or cover letter in its list: what it is, and what can be done with it. */
export const DocumentCard = (props: DocumentCardProps) => {
  const { title, busy } = props;
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={title}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={2} fz="md" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {props.isDefault && (
            <Badge variant="light" color="teal" radius="sm" leftSection={<IconStar size={12} aria-hidden />} title={props.defaultHint}>
              Default
            </Badge>
          )}
        </Group>
        <Stack gap={2} style={{ flex: 1 }}>
          {props.lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines are fixed for a card
            <Text key={index} size="sm" c={index === 0 ? undefined : 'dimmed'}>
              {line}
            </Text>
          ))}
        </Stack>
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="wrap">
            <Button
              component={Link}
              to={props.editTo}
              size="xs"
              leftSection={<IconPencil size={14} aria-hidden />}
              aria-label={`Edit ${title}`}
            >
              Edit
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconDownload size={14} aria-hidden />}
              onClick={props.onDownloadPdf}
              loading={busy === 'pdf'}
              aria-label={`Download ${title} as PDF`}
            >
              PDF
            </Button>
            {props.onDownloadWord && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconFileTypeDocx size={14} aria-hidden />}
                onClick={props.onDownloadWord}
                loading={busy === 'docx'}
                aria-label={`Download ${title} as Word`}
              >
                Word
              </Button>
            )}
          </Group>
          <Menu position="bottom-end" withinPortal shadow="md">
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`More actions for ${title}`} loading={busy === 'more'}>
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {!props.isDefault && (
                <Menu.Item leftSection={<IconStar size={16} aria-hidden />} onClick={props.onMakeDefault}>
                  Make default
                </Menu.Item>
              )}
              <Menu.Item leftSection={<IconCopy size={16} aria-hidden />} onClick={props.onDuplicate}>
                Duplicate
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={props.onDelete}>
                Delete
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Stack>
    </Card>
  );
};
