import { Divider, SimpleGrid } from '@mantine/core';
import { SectionCard } from '../../kit/section-card';
import type { SeekerRecord } from '../board/types';
import { LanguagesEditor } from './languages-editor';
import { SkillsEditor } from './skills-editor';

export const SkillsSection = ({ record }: { record: SeekerRecord }) => (
  <SectionCard id="skills" title="Skills and languages" description="What you can do and the languages you speak.">
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
      <SkillsEditor record={record} />
      <Divider hiddenFrom="md" />
      <LanguagesEditor record={record} />
    </SimpleGrid>
  </SectionCard>
);
