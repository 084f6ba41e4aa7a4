import type { UploadedFile } from '@app/contract/conventions/common';
import { Avatar, type MantineSize } from '@mantine/core';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');

/** A company's logo, or its initials when it has none (or the link to it has expired). */
export const CompanyLogo = ({ name, image, size = 48 }: { name: string; image?: UploadedFile | null; size?: number | MantineSize }) => (
  <Avatar src={image?.url || null} alt="" size={size} radius="md" color="brand" variant="light" aria-hidden>
    {initialsOf(name) || '?'}
  </Avatar>
);
