import { updateJobSeekerSkills } from '@app/contract/resources/job-board/job-seeker';
import { Button, Group, Rating, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { callApi } from '../../kit/api';
import { notifyFailure, notifySuccess } from '../../kit/notify';
import { useUnsavedValue } from '../../kit/unsaved-changes';
import { skillLoader } from '../board/lookup-options';
import type { SeekerRecord } from '../board/types';
import { useSetSeekerProfile } from '../board/use-seeker-profile';
import { PickedList } from './picked-list';

export type RatedSkill = { skillId?: string; label?: string; rating: number };

const ratingWords = ['', 'Beginner', 'Some experience', 'Competent', 'Strong', 'Expert'];

type RatedSkillListProps = {
  /** The picker's label ("Add a skill"). */
  label: string;
  skills: RatedSkill[];
  onChange: (skills: RatedSkill[]) => void;
  /** Offers to add a skill the list lacks by its name (the server keeps it for an admin to approve). */
  allowCustom?: boolean;
  emptyText?: string;
};

/** Skills picked from the skill list (or typed, where allowed), each rated 1 to 5. */
export const RatedSkillList = ({ label, skills, onChange, allowCustom, emptyText = 'No skills yet.' }: RatedSkillListProps) => (
  <PickedList<RatedSkill>
    label={label}
    placeholder="Search skills"
    loader={skillLoader}
    items={skills}
    onChange={onChange}
    idOf={(skill) => skill.skillId}
    make={(option) => ({ skillId: option.value, label: option.label, rating: 3 })}
    makeCustom={allowCustom ? (text) => ({ label: text, rating: 3 }) : undefined}
    emptyText={emptyText}
    renderControl={(skill, name, change) => (
      <Rating
        value={skill.rating}
        onChange={(rating) => change({ ...skill, rating })}
        getSymbolLabel={(n) => `${name}: ${ratingWords[n] ?? n}`}
        aria-label={`${name} rating`}
      />
    )}
  />
);

/** The seeker's skills from the skill list, each rated 1 to 5. */
export const SkillsEditor = ({ record }: { record: SeekerRecord }) => {
  const setProfile = useSetSeekerProfile();
  const [skills, setSkills] = useState<RatedSkill[]>(() =>
    record.skills.map((s) => ({ skillId: s.skillId, label: s.label, rating: s.rating })),
  );
  const [saving, setSaving] = useState(false);
  const unsaved = useUnsavedValue(skills);

  const save = async () => {
    setSaving(true);
    try {
      setProfile(await callApi(updateJobSeekerSkills, { skills }));
      unsaved.markSaved();
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
      <RatedSkillList label="Add a skill" skills={skills} onChange={setSkills} allowCustom />
      <Group justify="flex-end">
        <Button onClick={save} loading={saving}>
          Save skills
        </Button>
      </Group>
    </Stack>
  );
};
