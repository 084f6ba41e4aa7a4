import { type StageType, stageTypes, stageTypeTitles } from '@app/contract/resources/hiring/pipeline';
import { ActionIcon, Badge, Button, Card, Group, Select, Stack, Switch, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { type DraftStage, moveStage, newStage } from './pipeline-draft';

const typeOptions = stageTypes.map((type) => ({ value: type, label: stageTypeTitles[type] }));

type StageListEditorProps = {
  stages: DraftStage[];
  onChange: (stages: DraftStage[]) => void;
  /** Each stage's message by key (the server's or the editor's own check). */
  errors: Record<string, string>;
  /** Marks the stages not saved yet: for a saved pipeline, where the rest are already there. */
  markNew?: boolean;
};

/**
 * A pipeline's stages edited in place: renamed, typed, switched off, added and removed, and put in
 * order by dragging a row's handle, by the arrow keys on that handle, or by its up and down buttons
 * (the way on a phone, where dragging is not offered by every browser).
 */
export const StageListEditor = ({ stages, onChange, errors, markNew }: StageListEditorProps) => {
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [addTitle, setAddTitle] = useState('');
  const [addType, setAddType] = useState<StageType>('SCREENING');
  // The handle keeps focus after a keyboard move, though its row moved in the page.
  const handles = useRef(new Map<string, HTMLButtonElement>());
  const [focusKey, setFocusKey] = useState<string | null>(null);
  useEffect(() => {
    if (focusKey) handles.current.get(focusKey)?.focus();
  }, [focusKey]);

  const change = (key: string, patch: Partial<DraftStage>) =>
    onChange(stages.map((stage) => (stage.key === key ? { ...stage, ...patch } : stage)));
  const move = (from: number, to: number, keepFocus = false) => {
    const stage = stages[from];
    if (!stage || to < 0 || to >= stages.length || to === from) return;
    onChange(moveStage(stages, from, to));
    setAnnouncement(`${stage.title || 'Stage'} moved to position ${to + 1} of ${stages.length}`);
    if (keepFocus) setFocusKey(stage.key);
  };
  const drop = (to: number) => {
    const from = stages.findIndex((stage) => stage.key === dragging);
    setDragging(null);
    setOver(null);
    if (from >= 0) move(from, to);
  };

  return (
    <Stack gap="xs">
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
      <Stack gap="xs" role="list" aria-label="Stages, in order">
        {stages.map((stage, index) => {
          const name = stage.title.trim() || `stage ${index + 1}`;
          return (
            <Card
              key={stage.key}
              withBorder
              padding="xs"
              role="listitem"
              draggable={dragging === stage.key}
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', stage.key);
              }}
              onDragEnd={() => {
                setDragging(null);
                setOver(null);
              }}
              onDragOver={(event) => {
                if (!dragging) return;
                event.preventDefault();
                setOver(index);
              }}
              onDrop={(event) => {
                event.preventDefault();
                drop(index);
              }}
              style={{
                opacity: dragging === stage.key ? 0.5 : stage.enabled ? 1 : 0.75,
                borderColor: over === index && dragging !== stage.key ? 'var(--mantine-primary-color-filled)' : undefined,
              }}
            >
              <Group gap="xs" wrap="wrap" align="flex-start">
                <ActionIcon
                  ref={(node) => {
                    if (node) handles.current.set(stage.key, node);
                    else handles.current.delete(stage.key);
                  }}
                  variant="subtle"
                  color="gray"
                  mt={22}
                  style={{ cursor: 'grab', touchAction: 'none' }}
                  aria-label={`Reorder ${name}, position ${index + 1} of ${stages.length}: drag, or press the up and down arrow keys`}
                  onPointerDown={() => setDragging(stage.key)}
                  onPointerUp={() => setDragging(null)}
                  onKeyDown={(event) => {
                    if (event.key === 'ArrowUp') {
                      event.preventDefault();
                      move(index, index - 1, true);
                    } else if (event.key === 'ArrowDown') {
                      event.preventDefault();
                      move(index, index + 1, true);
                    }
                  }}
                >
                  <IconGripVertical size={16} aria-hidden />
                </ActionIcon>
                <TextInput
                  label="Stage title"
                  size="xs"
                  required
                  style={{ flex: '1 1 150px' }}
                  maxLength={100}
                  value={stage.title}
                  error={errors[stage.key]}
                  onChange={(event) => change(stage.key, { title: event.currentTarget.value })}
                />
                <Select
                  label="Type"
                  size="xs"
                  style={{ flex: '1 1 130px' }}
                  data={typeOptions}
                  value={stage.stageType}
                  allowDeselect={false}
                  onChange={(value) => value && change(stage.key, { stageType: value as StageType })}
                />
                <Stack gap={4} align="flex-start">
                  <Switch
                    mt={24}
                    size="xs"
                    label="In use"
                    checked={stage.enabled}
                    onChange={(event) => change(stage.key, { enabled: event.currentTarget.checked })}
                  />
                  {markNew && !stage._id && (
                    <Badge size="xs" variant="light">
                      New
                    </Badge>
                  )}
                </Stack>
                <Group gap={2} mt={20}>
                  <ActionIcon variant="subtle" aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => move(index, index - 1)}>
                    <IconArrowUp size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Move ${name} down`}
                    disabled={index === stages.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    <IconArrowDown size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${name}`}
                    onClick={() => {
                      onChange(stages.filter((other) => other.key !== stage.key));
                      setAnnouncement(`${name} removed`);
                    }}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </Group>
            </Card>
          );
        })}
        {stages.length === 0 && <Text c="dimmed">No stages: add one below.</Text>}
      </Stack>
      <Card withBorder padding="xs" bg="var(--mantine-color-default-hover)">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const added = newStage(addType, addTitle);
            onChange([...stages, added]);
            setAnnouncement(`${added.title} added at the end`);
            setAddTitle('');
          }}
        >
          <Group gap="xs" align="flex-end" wrap="wrap">
            <TextInput
              label="New stage’s title"
              size="xs"
              style={{ flex: '1 1 150px' }}
              maxLength={100}
              placeholder={stageTypeTitles[addType]}
              value={addTitle}
              onChange={(event) => setAddTitle(event.currentTarget.value)}
            />
            <Select
              label="New stage’s type"
              size="xs"
              style={{ flex: '1 1 130px' }}
              data={typeOptions}
              value={addType}
              allowDeselect={false}
              onChange={(value) => value && setAddType(value as StageType)}
            />
            <Button type="submit" size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />}>
              Add stage
            </Button>
          </Group>
        </form>
      </Card>
    </Stack>
  );
};
