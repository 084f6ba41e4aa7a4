import type { ResourceDefinition } from '@app/contract/define-resource';
import { Anchor } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { recordPathOf } from './record-paths';
import type { Column } from './resource-list';

/**
 * The column that names a list's records: the one showing the definition's label field (or its
 * object, "name" for "name.fullName"), else a "name" or "title" column; the first of them shown.
 */
export const nameColumnOf = <Row,>(columns: readonly Column<Row>[], resource: ResourceDefinition) => {
  const label = resource.labelField;
  const keys = [label, label?.split('.')[0], 'name', 'title'].filter(Boolean);
  return keys.map((key) => columns.find((column) => column.key === key)).find(Boolean)?.key;
};

/**
 * "Open" and the name, when the cell shows the name as text; a cell drawn by the screen (a full name
 * under a short one) is named by all it shows, so the row and the link read as what is on screen.
 */
const openLabel = (children: ReactNode) => (typeof children === 'string' ? `Open ${children}` : undefined);

/** A record's name in a list: a link to its own page, else a button opening it here, else its text. */
export const NameCell = ({ to, onOpen, children }: { to?: string; onOpen?: () => void; children: ReactNode }) => {
  if (to) {
    return (
      <Anchor component={Link} to={to} size="sm" fw={600} aria-label={openLabel(children)}>
        {children}
      </Anchor>
    );
  }
  if (onOpen) {
    return (
      <Anchor component="button" type="button" onClick={onOpen} size="sm" fw={600} ta="left" aria-label={openLabel(children)}>
        {children}
      </Anchor>
    );
  }
  return children;
};

type Expanded = { _id?: unknown; label?: unknown };

/** The records a reference names in a list's cell (`{ _id, label }` or a list of them), each opening it where it has a place. */
export const ReferenceCell = ({ kind, expansion }: { kind: string; expansion: unknown }) => {
  const items = (Array.isArray(expansion) ? expansion : [expansion]).filter(
    (item): item is Expanded => Boolean(item) && typeof item === 'object' && typeof (item as Expanded)._id === 'string',
  );
  return items.map((item, index) => {
    const text = String(item.label ?? '');
    const to = recordPathOf(kind, item._id as string);
    return (
      <Fragment key={item._id as string}>
        {index > 0 && ', '}
        {to && text ? (
          <Anchor component={Link} to={to} size="sm">
            {text}
          </Anchor>
        ) : (
          text
        )}
      </Fragment>
    );
  });
};
