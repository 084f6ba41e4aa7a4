import { updateJobSeekerSkills } from '@app/contract/resources/job-board/job-seeker';
import { ActionIcon, Button, Group, Rating, Select, Stack, Text, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { callApi } from '../../kit/api';
import { comboboxProps } from '../../kit/combobox';
import type { Option } from '../../kit/field-descriptor';
import { notifyFailure, notifySuccess } from '../../kit/notify';
import { useOptions } from '../../kit/use-options';
import { skillLoader } from '../board/lookup-options';
import type { SeekerRecord } from '../board/types';
import { useSetSeekerProfile } from '../board/use-seeker-profile';

type Skill = { skillId: string; label?: string; rating: number };

const ratingWords = ['', 'Beginner', 'Some experience', 'Competent', 'Strong', 'Expert'];

/** The seeker's skills from the skill list, each rated 1 to 5. */
export const SkillsEditor = ({ record }: { record: SeekerRecord }) => {
  const setProfile = useSetSeekerProfile();
  const { options, loading } = useOptions({ options: skillLoader });
  const flat = options as Option[];
  const [skills, setSkills] = useState<Skill[]>(() => record.skills.map((s) => ({ skillId: s.skillId, label: s.label, rating: s.rating })));
  const [saving, setSaving] = useState(false);
  const chosen = new Set(skills.map((s) => s.skillId));
  const labelOf = (skill: Skill) => skill.label ?? flat.find((o) => o.value === skill.skillId)?.label ?? 'Skill';

  const add = (skillId: string | null) => {
    if (!skillId || chosen.has(skillId)) return;
    const label = flat.find((o) => o.value === skillId)?.label;
    setSkills((current) => [...current, { skillId, label, rating: 3 }]);
  };

  const save = async () => {
    setSaving(true);
    try {
      setProfile(await callApi<SeekerRecord>(updateJobSeekerSkills, { skills }));
      notifySuccess('Your skills have been saved');
    } catch (error) {
      notifyFailure(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        Skills
      </Title>
      <Select
        label="Add a skill"
        placeholder={loading ? 'Loading…' : 'Search skills'}
        data={flat.filter((o) => !chosen.has(o.value))}
        value={null}
        onChange={add}
        searchable
        nothingFoundMessage="Nothing found"
        comboboxProps={comboboxProps}
      />
      {skills.length === 0 ? (
        <Text size="sm" c="dimmed">
          No skills yet.
        </Text>
      ) : (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {skills.map((skill) => (
            <Group key={skill.skillId} component="li" justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={500} style={{ flex: 1, minWidth: 0 }} truncate>
                {labelOf(skill)}
              </Text>
              <Rating
                value={skill.rating}
                onChange={(rating) => setSkills((current) => current.map((s) => (s.skillId === skill.skillId ? { ...s, rating } : s)))}
                getSymbolLabel={(n) => `${labelOf(skill)}: ${ratingWords[n] ?? n}`}
                aria-label={`${labelOf(skill)} rating`}
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Remove ${labelOf(skill)}`}
                onClick={() => setSkills((current) => current.filter((s) => s.skillId !== skill.skillId))}
              >
                <IconX size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
      <Group justify="flex-end">
        <Button onClick={save} loading={saving}>
          Save skills
        </Button>
      </Group>
    </Stack>
  );
};
