import { updateJobSeekerLanguages } from '@app/contract/resources/job-board/job-seeker';
import { ActionIcon, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { callApi } from '../../kit/api';
import { comboboxProps } from '../../kit/combobox';
import type { Option } from '../../kit/field-descriptor';
import { notifyFailure, notifySuccess } from '../../kit/notify';
import { useOptions } from '../../kit/use-options';
import { languageLoader } from '../board/lookup-options';
import type { SeekerRecord } from '../board/types';
import { useSetSeekerProfile } from '../board/use-seeker-profile';

type Proficiency = 'BASIC' | 'CONVERSATIONAL' | 'FLUENT' | 'NATIVE';
type Language = { languageId: string; label?: string; proficiency: Proficiency };

const proficiencies: { value: Proficiency; label: string }[] = [
  { value: 'BASIC', label: 'Basic' },
  { value: 'CONVERSATIONAL', label: 'Conversational' },
  { value: 'FLUENT', label: 'Fluent' },
  { value: 'NATIVE', label: 'Native' },
];

/** The languages the seeker speaks, and how well. */
export const LanguagesEditor = ({ record }: { record: SeekerRecord }) => {
  const setProfile = useSetSeekerProfile();
  const { options, loading } = useOptions({ options: languageLoader });
  const flat = options as Option[];
  const [languages, setLanguages] = useState<Language[]>(() =>
    record.languages.map((l) => ({ languageId: l.languageId, label: l.label, proficiency: l.proficiency })),
  );
  const [saving, setSaving] = useState(false);
  const chosen = new Set(languages.map((l) => l.languageId));
  const labelOf = (language: Language) => language.label ?? flat.find((o) => o.value === language.languageId)?.label ?? 'Language';

  const add = (languageId: string | null) => {
    if (!languageId || chosen.has(languageId)) return;
    setLanguages((current) => [...current, { languageId, label: flat.find((o) => o.value === languageId)?.label, proficiency: 'FLUENT' }]);
  };

  const save = async () => {
    setSaving(true);
    try {
      setProfile(await callApi<SeekerRecord>(updateJobSeekerLanguages, { languages }));
      notifySuccess('Your languages have been saved');
    } catch (error) {
      notifyFailure(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        Languages
      </Title>
      <Select
        label="Add a language"
        placeholder={loading ? 'Loading…' : 'Search languages'}
        data={flat.filter((o) => !chosen.has(o.value))}
        value={null}
        onChange={add}
        searchable
        nothingFoundMessage="Nothing found"
        comboboxProps={comboboxProps}
      />
      {languages.length === 0 ? (
        <Text size="sm" c="dimmed">
          No languages yet.
        </Text>
      ) : (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {languages.map((language) => (
            <Group key={language.languageId} component="li" justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={500} style={{ flex: 1, minWidth: 0 }} truncate>
                {labelOf(language)}
              </Text>
              <Select
                aria-label={`${labelOf(language)} proficiency`}
                data={proficiencies}
                value={language.proficiency}
                onChange={(value) =>
                  value &&
                  setLanguages((current) =>
                    current.map((l) => (l.languageId === language.languageId ? { ...l, proficiency: value as Proficiency } : l)),
                  )
                }
                allowDeselect={false}
                w={170}
                size="xs"
                comboboxProps={comboboxProps}
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Remove ${labelOf(language)}`}
                onClick={() => setLanguages((current) => current.filter((l) => l.languageId !== language.languageId))}
              >
                <IconX size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
      <Group justify="flex-end">
        <Button onClick={save} loading={saving}>
          Save languages
        </Button>
      </Group>
    </Stack>
  );
};
