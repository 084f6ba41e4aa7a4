import { Box, Divider, Grid, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from '../../kit/page-header';

type BuilderLayoutProps = {
  title: string;
  /** Whether the document has been saved before (an id), and whether the draft differs from it. */
  saved: boolean;
  dirty: boolean;
  /** Said under the title of a document not saved yet. */
  newHint: string;
  actions: ReactNode;
  /** Shown above the form (a job that could not be found). */
  notice?: ReactNode;
  preview: ReactNode;
  children: ReactNode;
};

/** A document builder's page: the form on the left with the actions under it, the preview kept in view on the right. */
export const BuilderLayout = ({ title, saved, dirty, newHint, actions, notice, preview, children }: BuilderLayoutProps) => (
  <Stack gap={0}>
    <PageHeader
      title={title}
      description={
        dirty ? (
          <Text span c="orange.8" fw={500}>
            Unsaved changes
          </Text>
        ) : saved ? (
          'All changes saved.'
        ) : (
          newHint
        )
      }
      action={actions}
    />
    {notice}
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <Stack gap="md">
          {children}
          <Divider />
          <Group justify="flex-end">{actions}</Group>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <Box style={{ position: 'sticky', top: 76 }}>{preview}</Box>
      </Grid.Col>
    </Grid>
  </Stack>
);
