import type { PipelineItem } from '@app/contract/resources/hiring/pipeline';
import { type DraggableAttributes, useDraggable } from '@dnd-kit/core';
import { ActionIcon, Anchor, Badge, Checkbox, Group, Menu, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconDotsVertical, IconExternalLink, IconEye, IconGripVertical } from '@tabler/icons-react';
import { type KeyboardEvent, memo, type PointerEvent, useState } from 'react';
import { Link } from 'react-router';
import { recordPathOf } from '../../../kit/record-paths';
import type { CardData } from './board-dnd';
import { type BoardCard, scoreOf, timeInStage } from './board-model';

/** Each card's slot in a column's virtual list. */
export const cardHeight = 84;

/** What a card asks of the board; one object for the whole board, so cards never re-render for a new callback. */
export type CardActions = {
  /** Ticks or unticks a card; `range` (shift held) takes every card from the last one ticked in its column. */
  select: (card: BoardCard, on: boolean, range: boolean) => void;
  move: (ids: string[], stage: PipelineItem) => void;
};

const sourceWords: Record<string, string | undefined> = { BOARD: 'Job board', IMPORT: 'Imported', REFERRAL: 'Referral' };

type MoveMenuProps = { card: BoardCard; name: string; columns: readonly PipelineItem[]; actions: CardActions };

/**
 * A card's "Move to" menu. Only its button is drawn until first pressed: a menu per card on screen
 * (its popover and positioning) would be most of what drawing a column costs.
 */
const MoveMenu = ({ card, name, columns, actions }: MoveMenuProps) => {
  const [armed, setArmed] = useState(false);
  const button = (
    <ActionIcon variant="subtle" size="sm" aria-label={`Move ${name}`} data-no-drag onClick={armed ? undefined : () => setArmed(true)}>
      <IconDotsVertical size={14} aria-hidden />
    </ActionIcon>
  );
  if (!armed) return button;
  return (
    <Menu position="bottom-end" withinPortal defaultOpened>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Move to</Menu.Label>
        {columns
          .filter((column) => column._id !== card.pipelineCurrentStage)
          .map((column) => (
            <Menu.Item key={column._id} onClick={() => actions.move([card._id], column)}>
              {column.stage.title}
            </Menu.Item>
          ))}
      </Menu.Dropdown>
    </Menu>
  );
};

type CardBodyProps = {
  card: BoardCard;
  selected: boolean;
  now: number;
  mayMove: boolean;
  columns: readonly PipelineItem[];
  actions: CardActions;
  /** The grip the keyboard picks the card up by; absent when the card cannot be dragged (a phone). */
  gripRef?: (element: HTMLElement | null) => void;
  gripAttributes?: DraggableAttributes;
};

/**
 * One application: the candidate (to their page), how long it has waited in this stage, where it
 * came from, whether the client sees the candidate's details, and the mean interview score. Memoised
 * on values that change only for this card, so a drag or a tick re-renders one card, not thousands.
 */
const CardBody = memo(({ card, selected, now, mayMove, columns, actions, gripRef, gripAttributes }: CardBodyProps) => {
  const name = card.candidate?.label ?? 'Candidate';
  const score = scoreOf(card);
  const source = sourceWords[card.source];
  const candidatePath = recordPathOf('Candidate', card.candidateId);
  return (
    <Paper
      component="article"
      withBorder
      p="xs"
      radius="sm"
      h={cardHeight - 6}
      data-testid="board-card"
      aria-label={name}
      style={{ background: selected ? 'var(--mantine-color-blue-light)' : undefined, cursor: gripRef ? 'grab' : undefined }}
    >
      <Group gap={6} wrap="nowrap" align="flex-start">
        {gripRef && (
          <UnstyledButton
            ref={gripRef}
            {...gripAttributes}
            data-grip
            aria-label={`Drag ${name}`}
            mt={2}
            c="dimmed"
            style={{ cursor: 'grab', lineHeight: 0 }}
          >
            <IconGripVertical size={16} aria-hidden />
          </UnstyledButton>
        )}
        {mayMove && (
          <Checkbox
            size="xs"
            mt={3}
            aria-label={`Select ${name}`}
            checked={selected}
            onChange={(event) => {
              const shift = 'shiftKey' in event.nativeEvent && event.nativeEvent.shiftKey === true;
              actions.select(card, event.currentTarget.checked, shift);
            }}
          />
        )}
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          {candidatePath ? (
            <Anchor component={Link} to={candidatePath} size="sm" fw={500} truncate draggable={false}>
              {name}
            </Anchor>
          ) : (
            <Text size="sm" fw={500} truncate>
              {name}
            </Text>
          )}
          <Group gap={4} wrap="wrap" style={{ rowGap: 2 }}>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} title="Time in this stage">
              {timeInStage(card.stageEnteredAt, now)} here
            </Text>
            {source && (
              <Badge size="xs" variant="light">
                {source}
              </Badge>
            )}
            {card.isPersonalInfoVisibleToClient && (
              <span title="The client sees the candidate’s details" style={{ lineHeight: 0 }}>
                <IconEye size={14} aria-label="Details shared with the client" role="img" />
              </span>
            )}
            {score !== null && (
              <Badge size="xs" color="grape" variant="light">
                Score {score}
              </Badge>
            )}
          </Group>
        </Stack>
        <Stack gap={2} align="center">
          <ActionIcon
            component={Link}
            to={recordPathOf('CrmJobApplication', card._id) ?? '#'}
            variant="subtle"
            size="sm"
            aria-label={`Open ${name}’s application`}
            draggable={false}
          >
            <IconExternalLink size={14} aria-hidden />
          </ActionIcon>
          {mayMove && <MoveMenu card={card} name={name} columns={columns} actions={actions} />}
        </Stack>
      </Group>
    </Paper>
  );
});

type BoardCardProps = Omit<CardBodyProps, 'gripRef' | 'gripAttributes'> & {
  index: number;
  /** Whether it can be dragged here (not on a phone, where the Move menu is the way). */
  draggable: boolean;
  /** How many applications a drag from this card carries: the selection when the card is in it. */
  dragCount: number;
};

/**
 * A card in its column's virtual list, draggable by the pointer anywhere on it or by the keyboard from
 * its grip. The drag hook re-renders this thin wrapper when a drag starts or crosses a column; the
 * card's body underneath stays as it was.
 */
export const DraggableBoardCard = memo(({ index, draggable, dragCount, ...body }: BoardCardProps) => {
  const data: CardData = { name: body.card.candidate?.label ?? 'Candidate', count: dragCount };
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, isDragging } = useDraggable({
    id: body.card._id,
    data,
    disabled: !draggable,
  });
  // A press in the card's Move menu reaches here too (React events bubble out of portals): only a press on the card itself may drag it.
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.currentTarget.contains(event.target as Node)) listeners?.onPointerDown?.(event);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => listeners?.onKeyDown?.(event);
  return (
    <div
      ref={setNodeRef}
      {...(draggable ? { onPointerDown, onKeyDown } : {})}
      data-card-index={index}
      style={{ opacity: isDragging ? 0.4 : 1 }}
    >
      <CardBody {...body} {...(draggable ? { gripRef: setActivatorNodeRef, gripAttributes: attributes } : {})} />
    </div>
  );
});

/** What follows the pointer while dragging: the card's name, or how many are carried. */
export const DragPreview = ({ data }: { data: CardData }) => (
  <Paper withBorder shadow="md" p="xs" radius="sm" w={240} style={{ cursor: 'grabbing' }}>
    <Text size="sm" fw={500} truncate>
      {data.count > 1 ? `${data.count} applications` : data.name}
    </Text>
  </Paper>
);
