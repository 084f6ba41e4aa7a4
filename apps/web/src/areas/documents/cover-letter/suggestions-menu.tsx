import { fillVariables } from '@app/contract/resources/job-board/cover-letter';
import { Button, Menu, ScrollArea, Text } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { htmlToText } from '../document-content';
import type { Suggestion } from './letter-draft';
import type { VariableValues } from './letter-values';

type SuggestionsMenuProps = {
  /** The part it suggests for ("Opening"). */
  label: string;
  suggestions: readonly Suggestion[];
  values: VariableValues;
  onPick: (html: string) => void;
};

/**
 * Paragraphs an admin wrote for this part, with what the builder knows already filled in (the
 * company, the job, the seeker's skills); picking one adds it to the part.
 */
export const SuggestionsMenu = ({ label, suggestions, values, onPick }: SuggestionsMenuProps) => (
  <Menu width={440} position="bottom-end" withinPortal shadow="md" keepMounted={false}>
    <Menu.Target>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconBulb size={14} aria-hidden />}
        aria-label={`Suggestions for ${label}`}
        disabled={suggestions.length === 0}
      >
        Suggestions
      </Button>
    </Menu.Target>
    <Menu.Dropdown>
      <Menu.Label>Pick one to add it. Anything left in {'{{braces}}'} is yours to fill in.</Menu.Label>
      <ScrollArea.Autosize mah={360} type="auto">
        {suggestions.map((suggestion) => {
          const filled = fillVariables(suggestion.content, values);
          return (
            <Menu.Item key={suggestion._id} onClick={() => onPick(filled)}>
              <Text size="sm" lineClamp={5}>
                {htmlToText(filled)}
              </Text>
            </Menu.Item>
          );
        })}
      </ScrollArea.Autosize>
    </Menu.Dropdown>
  </Menu>
);
