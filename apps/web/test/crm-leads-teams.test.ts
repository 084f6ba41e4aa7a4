import { lead } from '@app/contract/resources/crm/lead';
import { team, teamMember } from '@app/contract/resources/crm/team';
import { organisationStaff } from '@app/contract/resources/organisation-staff';
import { describe, expect, it } from 'vitest';
import { deriveFields, deriveFilters } from '../src/kit/derive-fields';

const byName = <T extends { name: string }>(items: T[]) => Object.fromEntries(items.map((item) => [item.name, item]));

describe('lead and team screens from their definitions', () => {
  it('give a lead form its statuses and rating, and its list a status filter', () => {
    const fields = byName(deriveFields(lead));
    expect(((fields.status?.options ?? []) as { value: string }[]).map((option) => option.value)).toEqual([
      'NEW',
      'CONTACTED',
      'QUALIFIED',
      'CONVERTED',
      'LOST',
    ]);
    expect(fields.rating?.kind).toBe('number');
    expect(deriveFilters(lead).map((filter) => filter.key)).toContain('status');
  });

  it('pick a team member’s team and user from the teams and the staff', () => {
    const fields = byName(deriveFields(teamMember));
    expect(fields.teamId?.reference).toMatchObject({ resource: team, labelField: 'name' });
    expect(fields.userId?.reference).toMatchObject({ resource: organisationStaff, labelField: 'name.fullName' });
  });
});
