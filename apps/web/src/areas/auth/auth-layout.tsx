import { Anchor, Center, Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandLink } from '../../app/shells/brand-link';

/** Sign-in and its neighbours: one card in the middle of the page, the product above it. */
export const AuthLayout = ({
  title,
  intro,
  children,
  footer,
  width = 440,
}: {
  /** Wider for longer forms (a company's registration). */
  width?: number;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) => (
  <Center mih="100vh" py="xl" px="md">
    <Container size={width} w="100%" p={0}>
      <Stack gap="lg">
        <Center>
          <BrandLink to="/" />
        </Center>
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="lg">
          <Stack gap="md">
            <Stack gap={4}>
              <Title order={1} fz={24}>
                {title}
              </Title>
              {intro && <Text c="dimmed">{intro}</Text>}
            </Stack>
            {children}
          </Stack>
        </Paper>
        {footer && (
          <Text ta="center" size="sm">
            {footer}
          </Text>
        )}
      </Stack>
    </Container>
  </Center>
);

export const BackToSignIn = () => (
  <Anchor component={Link} to="/login">
    Back to sign in
  </Anchor>
);
