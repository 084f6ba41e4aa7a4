import type { RelatedTo } from '@app/contract/conventions/common';
import { candidate } from '@app/contract/resources/crm/candidate';
import { client } from '@app/contract/resources/crm/client';
import { contact } from '@app/contract/resources/crm/contact';
import { lead } from '@app/contract/resources/crm/lead';
import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { FieldDescriptor } from '../../kit/field-descriptor';
import { recordPathOf } from '../../kit/record-paths';
import type { Column } from '../../kit/resource-list';
import { humanise } from '../../kit/words';

/** The records a note or task is about, picked on its form from those the person may read (the server checks again). */
export const linkedRecordField: FieldDescriptor = {
  name: 'relatedTo',
  label: 'Linked to',
  kind: 'related',
  relatedKinds: [candidate, client, contact, lead],
  description: 'The candidates, clients, contacts or leads this is about',
};

/** A list's "Linked to" cell: each record it names by its number, opening it. */
export const linkedToColumn: Column<{ relatedTo?: RelatedTo[] | null }> = {
  key: 'linkedTo',
  header: 'Linked to',
  render: (row) => (
    <Group gap={6} wrap="wrap">
      {(row.relatedTo ?? []).map((entry) => {
        const text = entry.itemId?.combined ?? humanise(entry.entityType);
        const to = recordPathOf(entry.entityType, entry._id);
        return to ? (
          <Anchor key={entry._id} component={Link} to={to} size="sm">
            {text}
          </Anchor>
        ) : (
          <Text key={entry._id} size="sm">
            {text}
          </Text>
        );
      })}
    </Group>
  ),
};
