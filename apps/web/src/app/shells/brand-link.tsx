import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconBriefcase2 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { productName } from '../brand';

export const BrandLink = ({ to }: { to: string }) => (
  <UnstyledButton component={Link} to={to} aria-label={`${productName} home`}>
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={32} radius="md" aria-hidden>
        <IconBriefcase2 size={18} />
      </ThemeIcon>
      <Text fw={700} fz={{ base: 'md', sm: 'lg' }} c="brand.9" style={{ whiteSpace: 'nowrap' }}>
        {productName}
      </Text>
    </Group>
  </UnstyledButton>
);
