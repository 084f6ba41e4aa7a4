import { ActionIcon, Group, Menu, Tooltip } from '@mantine/core';
import { IconCircleCheck, IconCircleOff, IconPencil, IconProgress, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Option } from './field-descriptor';

type RowActionsProps = {
  label: string;
  status?: unknown;
  onEdit?: () => void;
  onToggleStatus?: () => void;
  /** For statuses beyond active and inactive (draft, published, archived): the others to move to. */
  statusChoices?: readonly Option[];
  onSetStatus?: (status: string) => void;
  onRemove?: () => void;
  extra?: ReactNode;
};

/** The tooltip says the verb; the accessible name says what it does to which record. */
const tip = (name: string) => name.split(' ')[0];

/** One icon action of a row, named after what it does ("Verify Acme Ltd"). */
export const RowButton = ({
  name,
  colour,
  onClick,
  children,
}: {
  name: string;
  colour?: string;
  onClick: () => void;
  children: ReactNode;
}) => (
  <Tooltip label={tip(name)} withArrow openDelay={300}>
    <ActionIcon variant="subtle" color={colour ?? 'gray'} aria-label={name} onClick={onClick} size="lg">
      {children}
    </ActionIcon>
  </Tooltip>
);

/**
 * A row's link: `to` a screen of the app, or `href` a page the server answers (a public article),
 * opened in a new tab so the list stays where it was.
 */
export const RowLink = ({ name, to, href, children }: { name: string; to?: string; href?: string; children: ReactNode }) => (
  <Tooltip label={tip(name)} withArrow openDelay={300}>
    {href ? (
      <ActionIcon component="a" href={href} target="_blank" rel="noopener" variant="subtle" color="gray" size="lg" aria-label={name}>
        {children}
      </ActionIcon>
    ) : (
      <ActionIcon component={Link} to={to ?? '.'} variant="subtle" color="gray" size="lg" aria-label={name}>
        {children}
      </ActionIcon>
    )}
  </Tooltip>
);

/** The actions a row offers; each button is named after what it does to which record, for screen readers and tests. */
export const RowActions = ({ label, status, onEdit, onToggleStatus, statusChoices, onSetStatus, onRemove, extra }: RowActionsProps) => (
  <Group gap={2} wrap="nowrap" justify="flex-end">
    {extra}
    {onEdit && (
      <RowButton name={`Edit ${label}`} onClick={onEdit}>
        <IconPencil size={18} aria-hidden />
      </RowButton>
    )}
    {onToggleStatus &&
      (status === 'ACTIVE' ? (
        <RowButton name={`Deactivate ${label}`} colour="yellow" onClick={onToggleStatus}>
          <IconCircleOff size={18} aria-hidden />
        </RowButton>
      ) : (
        <RowButton name={`Activate ${label}`} colour="teal" onClick={onToggleStatus}>
          <IconCircleCheck size={18} aria-hidden />
        </RowButton>
      ))}
    {onSetStatus && statusChoices && (
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Change status of ${label}`}>
            <IconProgress size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {statusChoices
            .filter((choice) => choice.value !== status)
            .map((choice) => (
              <Menu.Item key={choice.value} onClick={() => onSetStatus(choice.value)}>
                {choice.label}
              </Menu.Item>
            ))}
        </Menu.Dropdown>
      </Menu>
    )}
    {onRemove && (
      <RowButton name={`Delete ${label}`} colour="red" onClick={onRemove}>
        <IconTrash size={18} aria-hidden />
      </RowButton>
    )}
  </Group>
);
