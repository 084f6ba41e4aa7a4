import { Badge } from '@mantine/core';
import { humanise } from './words';

const colours: Record<string, string> = {
  ACTIVE: 'teal',
  INACTIVE: 'gray',
  CREATE: 'teal',
  UPDATE: 'blue',
  DELETE: 'red',
  STATUS_CHANGE: 'yellow',
  NONE: 'gray',
  READ: 'blue',
  WRITE: 'indigo',
  FULL: 'grape',
  // Jobs
  DRAFT: 'gray',
  PUBLISHED: 'teal',
  CLOSED: 'orange',
  ARCHIVED: 'gray',
  // Applications
  APPLIED: 'blue',
  VIEWED: 'indigo',
  SHORTLISTED: 'teal',
  REJECTED: 'red',
  HIRED: 'green',
  WITHDRAWN: 'gray',
  // Contact queries
  NEW: 'blue',
  REPLIED: 'teal',
  // References
  PENDING: 'yellow',
  VERIFIED: 'teal',
  DECLINED: 'red',
};

export const StatusBadge = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value ? (
    <Badge variant="light" color={colours[value] ?? 'gray'} radius="sm" style={{ flexShrink: 0, minWidth: 'max-content' }}>
      {humanise(value)}
    </Badge>
  ) : null;
