import { Group, Radio, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';

export type TemplateChoice = { value: string; title: string; description: string };

type TemplatePickerProps = {
  label: string;
  choices: readonly TemplateChoice[] | undefined;
  value: string;
  onChange: (value: string) => void;
  error?: string;
};

/** The layouts on offer as cards, each a radio named by its title and description. */
export const TemplatePicker = ({ label, choices, value, onChange, error }: TemplatePickerProps) => (
  <Radio.Group label={label} value={value} onChange={onChange} error={error}>
    {choices ? (
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="xs">
        {choices.map((choice) => (
          <Radio.Card key={choice.value} value={choice.value} radius="md" p="sm" aria-label={`${choice.title} template`}>
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator mt={2} />
              <Stack gap={2}>
                <Text fw={600} size="sm">
                  {choice.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {choice.description}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    ) : (
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="xs" aria-busy="true" role="status" aria-label="Loading templates">
        {[0, 1, 2, 3].map((n) => (
          <Skeleton key={n} height={72} radius="md" />
        ))}
      </SimpleGrid>
    )}
  </Radio.Group>
);
