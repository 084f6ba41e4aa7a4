import { updateJobSeekerLanguages } from '@app/contract/resources/job-board/job-seeker';
import { Button, Group, Select, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { callApi } from '../../kit/api';
import { comboboxProps } from '../../kit/combobox';
import { notifyFailure, notifySuccess } from '../../kit/notify';
import { useUnsavedValue } from '../../kit/unsaved-changes';
import { languageLoader } from '../board/lookup-options';
import type { SeekerRecord } from '../board/types';
import { useSetSeekerProfile } from '../board/use-seeker-profile';
import { PickedList } from './picked-list';

type Proficiency = 'BASIC' | 'CONVERSATIONAL' | 'FLUENT' | 'NATIVE';
export type SpokenLanguage = { languageId?: string; label?: string; proficiency: Proficiency };

const proficiencies: { value: Proficiency; label: string }[] = [
  { value: 'BASIC', label: 'Basic' },
  { value: 'CONVERSATIONAL', label: 'Conversational' },
  { value: 'FLUENT', label: 'Fluent' },
  { value: 'NATIVE', label: 'Native' },
];

type LanguageListProps = {
  languages: SpokenLanguage[];
  onChange: (languages: SpokenLanguage[]) => void;
  /** Offers to add a language the list lacks by its name (the server keeps it for an admin to approve). */
  allowCustom?: boolean;
};

/** Languages picked from the language list (or typed, where allowed), each with how well it is spoken. */
export const LanguageList = ({ languages, onChange, allowCustom }: LanguageListProps) => (
  <PickedList<SpokenLanguage>
    label="Add a language"
    placeholder="Search languages"
    loader={languageLoader}
    items={languages}
    onChange={onChange}
    idOf={(language) => language.languageId}
    make={(option) => ({ languageId: option.value, label: option.label, proficiency: 'FLUENT' })}
    makeCustom={allowCustom ? (text) => ({ label: text, proficiency: 'FLUENT' }) : undefined}
    emptyText="No languages yet."
    renderControl={(language, name, change) => (
      <Select
        aria-label={`${name} proficiency`}
        data={proficiencies}
        value={language.proficiency}
        onChange={(value) => value && change({ ...language, proficiency: value as Proficiency })}
        allowDeselect={false}
        w={170}
        size="xs"
        comboboxProps={comboboxProps}
      />
    )}
  />
);

/** The languages the seeker speaks, and how well. */
export const LanguagesEditor = ({ record }: { record: SeekerRecord }) => {
  const setProfile = useSetSeekerProfile();
  const [languages, setLanguages] = useState<SpokenLanguage[]>(() =>
    record.languages.map((l) => ({ languageId: l.languageId, label: l.label, proficiency: l.proficiency })),
  );
  const [saving, setSaving] = useState(false);
  const unsaved = useUnsavedValue(languages);

  const save = async () => {
    setSaving(true);
    try {
      setProfile(await callApi(updateJobSeekerLanguages, { languages }));
      unsaved.markSaved();
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
      <LanguageList languages={languages} onChange={setLanguages} allowCustom />
      <Group justify="flex-end">
        <Button onClick={save} loading={saving}>
          Save languages
        </Button>
      </Group>
    </Stack>
  );
};
