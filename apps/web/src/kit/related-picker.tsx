import type { ResourceDefinition } from '@app/contract/define-resource';
import { Group, Input, Pill, Select, Stack } from '@mantine/core';
import { useRef, useState } from 'react';
import { useCan } from './can';
import { comboboxProps } from './combobox';
import { relatedToken } from './form-values';
import { ReferencePicker } from './reference-picker';
import { humanise } from './words';

type HeldEntry = { _id: string; entityType: string; itemId?: { combined?: string } | null };

type RelatedPickerProps = {
  label: string;
  description?: string;
  error?: string;
  disabled?: boolean;
  /** The kinds a record may be linked to; only those the person may list are offered. */
  kinds: readonly ResourceDefinition[];
  /** "Kind:id" tokens. */
  value: string[];
  onChange: (value: string[]) => void;
  /** The related-to list the record holds, to name its entries before any search (by their number). */
  held?: unknown;
};

const kindOf = (token: string) => token.slice(0, token.lastIndexOf(':'));
/** "Candidate", "Call log": a kind as a person names it. */
const kindLabel = (name: string) => humanise(name);

/**
 * Links a record to others (a note to a candidate and a client): choose the kind, search its records
 * the person may read, and each pick is added as a pill that can be taken off again. The server checks
 * every one again.
 */
export const RelatedPicker = ({ label, description, error, disabled, kinds, value, onChange, held }: RelatedPickerProps) => {
  const can = useCan();
  const offered = kinds.filter((kind) => kind.labelField && can.do(kind, 'list'));
  const [kindName, setKindName] = useState<string | null>(offered[0]?.name ?? null);
  const kind = offered.find((k) => k.name === kindName);
  const names = useRef(new Map<string, string>());
  for (const entry of Array.isArray(held) ? (held as HeldEntry[]) : []) {
    const token = relatedToken(entry);
    if (!names.current.has(token)) names.current.set(token, entry.itemId?.combined ?? '');
  }
  const pick = (id: string | string[], name?: string) => {
    if (!kind || typeof id !== 'string' || id === '') return;
    const token = relatedToken({ entityType: kind.name, _id: id });
    if (name) names.current.set(token, name);
    if (!value.includes(token)) onChange([...value, token]);
  };
  return (
    <Input.Wrapper label={label} description={description} error={error}>
      <Stack gap="xs" mt={4}>
        {value.length > 0 && (
          <Pill.Group>
            {value.map((token) => (
              <Pill
                key={token}
                withRemoveButton={!disabled}
                onRemove={() => onChange(value.filter((t) => t !== token))}
                removeButtonProps={{ 'aria-label': `Unlink ${names.current.get(token) || kindLabel(kindOf(token))}` }}
              >
                {[kindLabel(kindOf(token)), names.current.get(token)].filter(Boolean).join(': ')}
              </Pill>
            ))}
          </Pill.Group>
        )}
        {!disabled && offered.length > 0 && (
          <Group gap="xs" align="flex-start" wrap="wrap">
            <Select
              aria-label={`Kind of record to link (${label})`}
              data={offered.map((k) => ({ value: k.name, label: kindLabel(k.name) }))}
              value={kindName}
              onChange={setKindName}
              allowDeselect={false}
              comboboxProps={comboboxProps}
              w={150}
            />
            {kind?.labelField && (
              <ReferencePicker
                // A fresh search after each pick.
                key={`${kind.name}:${value.length}`}
                label={`${kindLabel(kind.name)} to link`}
                target={{ resource: kind, labelField: kind.labelField }}
                value=""
                onChange={pick}
                style={{ flex: 1, minWidth: 200 }}
              />
            )}
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
};
