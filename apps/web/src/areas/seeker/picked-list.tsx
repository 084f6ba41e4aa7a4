import { ActionIcon, Group, Select, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { comboboxProps } from '../../kit/combobox';
import type { Option, OptionsLoader } from '../../kit/field-descriptor';
import { useOptions } from '../../kit/use-options';

type Picked = { label?: string };

type PickedListProps<Item extends Picked> = {
  /** The picker's label ("Add a skill"). */
  label: string;
  placeholder: string;
  loader: OptionsLoader;
  items: Item[];
  onChange: (items: Item[]) => void;
  /** The lookup's id of an item; typed-in items have none. */
  idOf: (item: Item) => string | undefined;
  make: (option: Option) => Item;
  /** Offers "Add “…”" for words the lookup lacks. */
  makeCustom?: (text: string) => Item;
  emptyText: string;
  /** What sits beside each item's name (its rating, its proficiency). */
  renderControl: (item: Item, name: string, change: (item: Item) => void) => ReactNode;
};

const customPrefix = 'custom:';

/**
 * Items picked from a lookup (skills, languages), each with a control of its own and a remove
 * button: the profile's skills and languages, and the CV builder's copies of them.
 */
export const PickedList = <Item extends Picked>(props: PickedListProps<Item>) => {
  const { items, onChange, idOf } = props;
  const { options, loading } = useOptions({ options: props.loader });
  const flat = options as Option[];
  const [search, setSearch] = useState('');
  const keyOf = (item: Item) => idOf(item) ?? `${customPrefix}${(item.label ?? '').trim().toLowerCase()}`;
  const chosen = new Set(items.map(keyOf));
  const nameOf = (item: Item) => item.label || flat.find((o) => o.value === idOf(item))?.label || 'Item';

  const typed = search.trim();
  const known = flat.find((o) => o.label.toLowerCase() === typed.toLowerCase());
  const offerCustom = Boolean(props.makeCustom && typed && !known && !chosen.has(`${customPrefix}${typed.toLowerCase()}`));
  const data = [
    ...flat.filter((o) => !chosen.has(o.value)),
    ...(offerCustom ? [{ value: `${customPrefix}${typed}`, label: `Add “${typed}”` }] : []),
  ];

  const add = (value: string | null) => {
    if (!value) return;
    const option = value.startsWith(customPrefix) ? undefined : flat.find((o) => o.value === value);
    const item = option ? props.make(option) : props.makeCustom?.(value.slice(customPrefix.length).trim());
    if (item && !chosen.has(keyOf(item))) onChange([...items, item]);
    setSearch('');
  };

  const change = (at: Item, next: Item) => onChange(items.map((item) => (item === at ? next : item)));

  return (
    <Stack gap="sm">
      <Select
        label={props.label}
        placeholder={loading ? 'Loading…' : props.placeholder}
        data={data}
        value={null}
        onChange={add}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        nothingFoundMessage={props.makeCustom ? 'Type a name to add it' : 'Nothing found'}
        comboboxProps={comboboxProps}
      />
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {props.emptyText}
        </Text>
      ) : (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((item) => (
            <Group key={keyOf(item)} component="li" justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={500} style={{ flex: 1, minWidth: 0 }} truncate>
                {nameOf(item)}
              </Text>
              {props.renderControl(item, nameOf(item), (next) => change(item, next))}
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Remove ${nameOf(item)}`}
                onClick={() => onChange(items.filter((other) => other !== item))}
              >
                <IconX size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
};
