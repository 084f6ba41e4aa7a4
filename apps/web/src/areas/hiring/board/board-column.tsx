import type { PipelineItem } from '@app/contract/resources/hiring/pipeline';
import { useDroppable } from '@dnd-kit/core';
import { Badge, Checkbox, Group, Paper, Text, Title } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, type RefObject, useRef } from 'react';
import { type CardActions, cardHeight, DraggableBoardCard } from './board-card';
import type { ColumnData } from './board-dnd';
import type { BoardCard } from './board-model';

type ColumnProps = {
  stage: PipelineItem;
  /** The column's cards the filters show, in order. */
  cards: BoardCard[];
  /** All the column's cards, whatever the filters. */
  total: number;
  selected: ReadonlySet<string>;
  /** How many selected cards the filters show: what a drag from a selected card carries. */
  selectedCount: number;
  now: number;
  mayMove: boolean;
  draggable: boolean;
  columns: readonly PipelineItem[];
  actions: CardActions;
  /** Ticks or unticks every card the column shows. */
  selectAll: (ids: string[], on: boolean) => void;
  /** True while a card is held: the arrow keys then belong to the drag. */
  dragging: RefObject<boolean>;
  /** The whole width (a phone's one column at a time). */
  fullWidth?: boolean;
};

/**
 * A stage's column: its count under the filters (and of all when they hide some), a tick for all it
 * shows, its cards virtualised so that thousands scroll smoothly, and a drop target for dragged cards.
 * The up and down arrows on a card's grip go to the card above or below.
 */
export const BoardColumn = ({
  stage,
  cards,
  total,
  selected,
  selectedCount,
  now,
  mayMove,
  draggable,
  columns,
  actions,
  selectAll,
  dragging,
  fullWidth,
}: ColumnProps) => {
  const scroller = useRef<HTMLDivElement>(null);
  const data: ColumnData = { title: stage.stage.title };
  const { setNodeRef, isOver, active } = useDroppable({ id: stage._id, data, disabled: !draggable });
  const virtual = useVirtualizer({
    count: cards.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => cardHeight,
    getItemKey: (index) => cards[index]?._id ?? index,
    overscan: 3,
  });
  const ticked = mayMove ? cards.filter((card) => selected.has(card._id)).length : 0;

  const focusNeighbour = (event: KeyboardEvent<HTMLDivElement>) => {
    if (dragging.current || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
    const target = event.target as HTMLElement;
    const slot = target.closest<HTMLElement>('[data-card-index]');
    if (!slot || !target.matches('[data-grip]')) return;
    event.preventDefault();
    const index = Number(slot.dataset.cardIndex) + (event.key === 'ArrowDown' ? 1 : -1);
    if (index < 0 || index >= cards.length) return;
    virtual.scrollToIndex(index);
    // The card may only be drawn once scrolled to.
    requestAnimationFrame(() => scroller.current?.querySelector<HTMLElement>(`[data-card-index="${index}"] [data-grip]`)?.focus());
  };

  const highlighted = isOver && active !== null;
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="xs"
      radius="md"
      component="section"
      aria-label={`${stage.stage.title}: ${cards.length}`}
      w={fullWidth ? '100%' : 260}
      miw={fullWidth ? undefined : 260}
      style={{
        outline: highlighted ? '2px dashed var(--mantine-color-blue-5)' : undefined,
        background: highlighted ? 'var(--mantine-color-blue-light)' : undefined,
      }}
    >
      <Group justify="space-between" mb="xs" wrap="nowrap" gap={6}>
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          {mayMove && cards.length > 0 && (
            <Checkbox
              size="xs"
              aria-label={`Select all in ${stage.stage.title}`}
              checked={ticked === cards.length}
              indeterminate={ticked > 0 && ticked < cards.length}
              onChange={() =>
                selectAll(
                  cards.map((card) => card._id),
                  ticked < cards.length,
                )
              }
            />
          )}
          <Title order={3} size="h6" lineClamp={1}>
            {stage.stage.title}
          </Title>
        </Group>
        <Badge variant="light" radius="sm" aria-label={cards.length === total ? `${total}` : `${cards.length} of ${total}`}>
          {cards.length === total ? total : `${cards.length} / ${total}`}
        </Badge>
      </Group>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the up and down arrows go from card to card inside */}
      <div
        ref={scroller}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list takes focus so the keyboard can scroll it
        tabIndex={0}
        onKeyDown={focusNeighbour}
        style={{ height: 'min(60vh, 560px)', overflowY: 'auto' }}
      >
        {cards.length === 0 ? (
          <Text size="sm" c="dimmed">
            {total === 0 ? 'None' : 'None match the filters'}
          </Text>
        ) : (
          <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
            {virtual.getVirtualItems().map((row) => {
              const card = cards[row.index] as BoardCard;
              const isSelected = selected.has(card._id);
              return (
                <div key={card._id} style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${row.start}px)` }}>
                  <DraggableBoardCard
                    index={row.index}
                    card={card}
                    selected={isSelected}
                    dragCount={isSelected ? selectedCount : 1}
                    now={now}
                    mayMove={mayMove}
                    draggable={draggable}
                    columns={columns}
                    actions={actions}
                  />
                </div>
              );
            })}
          </div>
        )}
      </div>
    </Paper>
  );
};
