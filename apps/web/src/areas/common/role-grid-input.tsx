import type { AccessLevel, AccessScope } from '@app/contract/access';
import { crmFeature, crmModule, crmPermission } from '@app/contract/resources/crm-access';
import { Paper, SegmentedControl, Select, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { allOf } from './lookups';
import { type Catalogue, type Grid, type GridGroup, levelChoices, scopeChoices } from './role-grid';

export const catalogueKey = ['crm-catalogue'] as const;

/** The modules, features and permissions roles are built from; the same for every organisation, so loaded once. */
export const useCatalogue = () =>
  useQuery({
    queryKey: catalogueKey,
    queryFn: async (): Promise<Catalogue> => {
      const [modules, features, permissions] = await Promise.all([allOf(crmModule), allOf(crmFeature), allOf(crmPermission)]);
      return { modules, features, permissions } as Catalogue;
    },
    staleTime: 5 * 60_000,
  });

type RoleGridInputProps = {
  groups: GridGroup[];
  value: Grid;
  onChange: (value: Grid) => void;
  disabled?: boolean;
};

/**
 * A role's access as a grid: a row per feature, in plain words, with one level (none, view, edit,
 * full) and which records it reaches. A module with several features shows them under its name.
 */
export const RoleGridInput = ({ groups, value, onChange, disabled }: RoleGridInputProps) => {
  const set = (featureId: string, patch: { level?: AccessLevel; scope?: AccessScope }) => {
    const current = value[featureId] ?? { level: 'NONE', scope: 'ALL' };
    onChange({ ...value, [featureId]: { ...current, ...patch } });
  };
  return (
    <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
      <Table verticalSpacing="xs" horizontalSpacing="md" striped="even">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Area</Table.Th>
            <Table.Th scope="col">Access</Table.Th>
            <Table.Th scope="col">Records</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map((group) => (
            <Fragment key={group.moduleId}>
              {group.rows.length > 1 && (
                <Table.Tr>
                  <Table.Th scope="colgroup" colSpan={3} bg="var(--mantine-color-gray-1)">
                    {group.label}
                  </Table.Th>
                </Table.Tr>
              )}
              {group.rows.map((row) => {
                const cell = value[row.featureId] ?? { level: 'NONE' as const, scope: 'ALL' as const };
                return (
                  <Table.Tr key={row.featureId}>
                    <Table.Th scope="row" fw={500}>
                      <Text size="sm" fw={500}>
                        {row.label}
                      </Text>
                    </Table.Th>
                    <Table.Td>
                      <SegmentedControl
                        aria-label={`${row.label}: access`}
                        size="xs"
                        data={levelChoices}
                        value={cell.level}
                        disabled={disabled}
                        onChange={(level) => set(row.featureId, { level: level as AccessLevel })}
                      />
                    </Table.Td>
                    <Table.Td miw={170}>
                      <Select
                        aria-label={`${row.label}: records`}
                        size="xs"
                        data={scopeChoices}
                        value={cell.scope}
                        allowDeselect={false}
                        disabled={disabled || cell.level === 'NONE'}
                        onChange={(scope) => scope && set(row.featureId, { scope: scope as AccessScope })}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
};
