import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconCircleCheck, IconCircleOff, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type RowActionsProps = {
  label: string;
  status?: unknown;
  onEdit?: () => void;
  onToggleStatus?: () => void;
  onRemove?: () => void;
  extra?: ReactNode;
};

const Action = ({ name, colour, onClick, children }: { name: string; colour?: string; onClick: () => void; children: ReactNode }) => (
  <Tooltip label={name} withArrow openDelay={300}>
    <ActionIcon variant="subtle" color={colour ?? 'gray'} aria-label={name} onClick={onClick} size="lg">
      {children}
    </ActionIcon>
  </Tooltip>
);

/** The actions a row offers; each button is named after what it does to which record, for screen readers and tests. */
export const RowActions = ({ label, status, onEdit, onToggleStatus, onRemove, extra }: RowActionsProps) => (
  <Group gap={2} wrap="nowrap" justify="flex-end">
    {extra}
    {onEdit && (
      <Action name={`Edit ${label}`} onClick={onEdit}>
        <IconPencil size={18} aria-hidden />
      </Action>
    )}
    {onToggleStatus &&
      (status === 'ACTIVE' ? (
        <Action name={`Deactivate ${label}`} colour="yellow" onClick={onToggleStatus}>
          <IconCircleOff size={18} aria-hidden />
        </Action>
      ) : (
        <Action name={`Activate ${label}`} colour="teal" onClick={onToggleStatus}>
          <IconCircleCheck size={18} aria-hidden />
        </Action>
      ))}
    {onRemove && (
      <Action name={`Delete ${label}`} colour="red" onClick={onRemove}>
        <IconTrash size={18} aria-hidden />
      </Action>
    )}
  </Group>
);
