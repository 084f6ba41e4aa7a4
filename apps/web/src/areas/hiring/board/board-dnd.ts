import {
  type Announcements,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  type ScreenReaderInstructions,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { columnToward } from './board-model';

/** What a dragged card and a column tell the drag and drop, for the announcements. */
export type CardData = { name: string; count: number };
export type ColumnData = { title: string };

/** Controls inside a card: a press there must stay a click unless the pointer really moves. */
const controls = 'a, input, label, textarea, select, [data-no-drag]';

/**
 * A press on a card's body or grip picks it up at once, so even a single jump of the pointer (a
 * quick flick, an automated drag) lands where it ends; a press on a link, checkbox or menu button
 * becomes a drag only after 5 px, so clicks there still click. Touch scrolls the board instead: on a
 * touch screen cards move from their menu.
 */
const pointerOptions = {
  activationConstraint: { distance: 5 },
  bypassActivationConstraint: ({ event }: { event: Event }) =>
    (event as PointerEvent).pointerType !== 'touch' && !(event.target instanceof Element && event.target.closest(controls)),
};

/** Left and right jump a held card to the next column; up and down do nothing (the card's place in a column is its time there). */
export const jumpToColumn: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const direction = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  const held = context.collisionRect;
  if (direction === 0 || !held) return undefined;
  event.preventDefault();
  const columns = [...context.droppableRects].map(([id, rect]) => ({ id: String(id), left: rect.left, width: rect.width }));
  const heldCentre = held.left + held.width / 2;
  const target = columnToward(columns, heldCentre, direction);
  if (!target) return undefined;
  return { x: currentCoordinates.x + target.left + target.width / 2 - heldCentre, y: currentCoordinates.y };
};

/** The column under the pointer; for the keyboard (no pointer), the one the held card overlaps most. */
export const columnUnder: CollisionDetection = (args) => {
  const under = pointerWithin(args);
  return under.length > 0 ? under : rectIntersection(args);
};

// Options kept constant: new ones on a render would be new sensors, and a new drag context for every card.
const keyboardOptions = { coordinateGetter: jumpToColumn };

export const useBoardSensors = () => useSensors(useSensor(PointerSensor, pointerOptions), useSensor(KeyboardSensor, keyboardOptions));

export const instructions: ScreenReaderInstructions = {
  draggable:
    'To move this application, press space or enter. Then press the left and right arrows to choose a stage, space or enter to drop it there, or escape to cancel.',
};

const what = (data: unknown) => {
  const card = data as CardData | undefined;
  if (!card) return 'The application';
  return card.count > 1 ? `${card.count} applications` : card.name;
};
const where = (data: unknown) => (data as ColumnData | undefined)?.title ?? 'a stage';

export const announcements: Announcements = {
  onDragStart: ({ active }) => `Picked up ${what(active.data.current)}.`,
  onDragOver: ({ active, over }) =>
    over ? `${what(active.data.current)} is over ${where(over.data.current)}.` : `${what(active.data.current)} is over no stage.`,
  onDragEnd: ({ active, over }) =>
    over ? `${what(active.data.current)} dropped on ${where(over.data.current)}.` : `${what(active.data.current)} put back.`,
  onDragCancel: ({ active }) => `Moving cancelled: ${what(active.data.current)} put back.`,
};
