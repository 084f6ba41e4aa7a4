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

/** `label` says the value in other words where the status's own would read oddly ("Changed the status of"). */
export const StatusBadge = ({ value, label }: { value: unknown; label?: string }) =>
  typeof value === 'string' && value ? (
    <Badge variant="light" color={colours[value] ?? 'gray'} radius="sm" style={{ flexShrink: 0, minWidth: 'max-content' }}>
      {label ?? humanise(value)}
    </Badge>
  ) : null;
