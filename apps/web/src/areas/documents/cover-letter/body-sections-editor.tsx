import { ActionIcon, Group, Paper, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconLock } from '@tabler/icons-react';
import { type DragEvent, lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import classes from '../documents.module.css';
import type { BodyDraft, SectionDefinition, Suggestion } from './letter-draft';
import type { VariableValues } from './letter-values';
import { SuggestionsMenu } from './suggestions-menu';

const RichTextInput = lazy(() => import('../../../kit/rich-text-input').then((module) => ({ default: module.RichTextInput })));

/**
 * Moves a section among the movable ones: fixed sections (the greeting, the sign-off) keep their
 * places and the others shift around them.
 */
export const movedAmongDraggable = <T extends { isDraggable: boolean }>(list: readonly T[], from: number, to: number) => {
  const slots = list.flatMap((item, index) => (item.isDraggable ? [index] : []));
  const order = slots.map((slot) => list[slot] as T);
  const a = slots.indexOf(from);
  const b = slots.indexOf(to);
  if (a < 0 || b < 0 || a === b) return [...list];
  const [item] = order.splice(a, 1);
  order.splice(b, 0, item as T);
  const next = [...list];
  slots.forEach((slot, index) => {
    next[slot] = order[index] as T;
  });
  return next;
};

/** The nearest movable section before (-1) or after (+1) the one at `index`. */
const neighbour = (list: readonly { isDraggable: boolean }[], index: number, by: -1 | 1) => {
  for (let at = index + by; at >= 0 && at < list.length; at += by) if (list[at]?.isDraggable) return at;
  return -1;
};

/** Adds a picked paragraph: it replaces an empty part, or goes after what is written. */
const withAdded = (content: string, html: string) => (content.replace(/<p>\s*<\/p>/g, '').trim() === '' ? html : `${content}${html}`);

type BodySectionsEditorProps = {
  sections: BodyDraft[];
  definitions: ReadonlyMap<string, SectionDefinition>;
  values: VariableValues;
  onChange: (sections: BodyDraft[], touched: string) => void;
  /** The API's messages, by path inside bodySections ("2", "2.subSections.0"). */
  errors: Record<string, string>;
};

/**
 * The letter's body, part by part in the catalogue's words: each part has its editor, its help
 * and its suggestions. Movable parts are dragged by their handle or moved with the arrow buttons.
 */
export const BodySectionsEditor = ({ sections, definitions, values, onChange, errors }: BodySectionsEditorProps) => {
  // An editor holds its own text once made; a picked suggestion makes it anew with the new text.
  const [revisions, setRevisions] = useState<Record<string, number>>({});
  const dragged = useRef<number | null>(null);
  const [over, setOver] = useState<number | null>(null);

  const setContent = (index: number, sub: number | null, content: string, remake = false) => {
    const section = sections[index] as BodyDraft;
    const next = sections.map((item, at) =>
      at !== index
        ? item
        : sub === null
          ? { ...item, content }
          : { ...item, subSections: item.subSections.map((kept, k) => (k === sub ? { ...kept, content } : kept)) },
    );
    const editorKey = sub === null ? section._key : `${section._key}.${sub}`;
    if (remake) setRevisions((current) => ({ ...current, [editorKey]: (current[editorKey] ?? 0) + 1 }));
    onChange(next, sub === null ? String(index) : `${index}.subSections.${sub}`);
  };

  const move = (from: number, to: number) => {
    if (to < 0) return;
    onChange(movedAmongDraggable(sections, from, to), '');
  };

  const dragProps = (index: number) => ({
    onDragOver: (event: DragEvent) => {
      if (dragged.current === null || !sections[index]?.isDraggable) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      if (over !== index) setOver(index);
    },
    onDragLeave: () => setOver((current) => (current === index ? null : current)),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      const from = dragged.current;
      dragged.current = null;
      setOver(null);
      if (from !== null) move(from, index);
    },
  });

  const editor = (
    key: string,
    label: string,
    description: string | null | undefined,
    content: string,
    error: string | undefined,
    onText: (html: string) => void,
  ) => (
    <Suspense fallback={<Skeleton height={160} role="status" aria-label={`Loading the ${label} editor`} />}>
      <RichTextInput
        key={`${key}-${revisions[key] ?? 0}`}
        label={label}
        classNames={{ label: classes.hiddenLabel }}
        description={description ?? undefined}
        value={content}
        error={error}
        onChange={onText}
      />
    </Suspense>
  );

  return (
    <Stack gap="sm">
      {sections.map((section, index) => {
        const definition = definitions.get(section.sectionId);
        const label = definition?.label ?? `Part ${index + 1}`;
        const own = (definition?.suggestions ?? []).filter((s) => !s.subSectionId);
        const up = neighbour(sections, index, -1);
        const down = neighbour(sections, index, 1);
        return (
          <Paper
            key={section._key}
            withBorder
            radius="md"
            p="md"
            role="group"
            aria-label={label}
            style={over === index ? { outline: '2px dashed var(--mantine-color-brand-5)', outlineOffset: 2 } : undefined}
            {...dragProps(index)}
          >
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                  {section.isDraggable ? (
                    <Tooltip label="Drag to move" withArrow openDelay={300}>
                      <ActionIcon
                        component="span"
                        variant="subtle"
                        color="gray"
                        draggable
                        style={{ cursor: 'grab' }}
                        aria-hidden
                        onDragStart={(event: DragEvent<HTMLSpanElement>) => {
                          dragged.current = index;
                          event.dataTransfer.effectAllowed = 'move';
                          event.dataTransfer.setData('text/plain', label);
                          const card = event.currentTarget.closest('[role="group"]');
                          if (card) event.dataTransfer.setDragImage(card, 24, 24);
                        }}
                        onDragEnd={() => {
                          dragged.current = null;
                          setOver(null);
                        }}
                      >
                        <IconGripVertical size={18} />
                      </ActionIcon>
                    </Tooltip>
                  ) : (
                    <Tooltip label="This part stays in its place" withArrow openDelay={300}>
                      <ActionIcon component="span" variant="transparent" color="gray" aria-hidden>
                        <IconLock size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  <Text fw={600} truncate>
                    {label}
                  </Text>
                </Group>
                <Group gap={4} wrap="nowrap">
                  {section.isDraggable && (
                    <>
                      <MoveButton name={`Move ${label} up`} disabled={up < 0} onClick={() => move(index, up)}>
                        <IconArrowUp size={16} aria-hidden />
                      </MoveButton>
                      <MoveButton name={`Move ${label} down`} disabled={down < 0} onClick={() => move(index, down)}>
                        <IconArrowDown size={16} aria-hidden />
                      </MoveButton>
                    </>
                  )}
                  <SuggestionsMenu
                    label={label}
                    suggestions={own}
                    values={values}
                    onPick={(html) => setContent(index, null, withAdded(section.content, html), true)}
                  />
                </Group>
              </Group>
              {editor(section._key, label, definition?.description, section.content, errors[String(index)], (html) =>
                setContent(index, null, html),
              )}
              {section.subSections.map((sub, subIndex) => {
                const subDefinition = definition?.subSections.find((candidate) => candidate._id === sub.subSectionId);
                const subLabel = subDefinition?.label ?? `${label}, part ${subIndex + 1}`;
                const subSuggestions = (definition?.suggestions ?? []).filter(
                  (s: Suggestion) => s.subSectionId && s.subSectionId === sub.subSectionId,
                );
                return (
                  <Paper
                    key={sub.subSectionId ?? subIndex}
                    bg="gray.0"
                    radius="md"
                    p="sm"
                    ml={{ base: 0, sm: 'md' }}
                    role="group"
                    aria-label={subLabel}
                  >
                    <Stack gap="xs">
                      <Group justify="space-between" wrap="nowrap" gap="xs">
                        <Text fw={600} size="sm" truncate>
                          {subLabel}
                        </Text>
                        <SuggestionsMenu
                          label={subLabel}
                          suggestions={subSuggestions}
                          values={values}
                          onPick={(html) => setContent(index, subIndex, withAdded(sub.content, html), true)}
                        />
                      </Group>
                      {editor(
                        `${section._key}.${subIndex}`,
                        subLabel,
                        subDefinition?.description,
                        sub.content,
                        errors[`${index}.subSections.${subIndex}`],
                        (html) => setContent(index, subIndex, html),
                      )}
                    </Stack>
                  </Paper>
                );
              })}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
};

const MoveButton = ({
  name,
  disabled,
  onClick,
  children,
}: {
  name: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) => (
  <Tooltip label={name.split(' ').slice(-1)[0] === 'up' ? 'Move up' : 'Move down'} withArrow openDelay={300}>
    <ActionIcon variant="subtle" color="gray" aria-label={name} disabled={disabled} onClick={onClick}>
      {children}
    </ActionIcon>
  </Tooltip>
);
