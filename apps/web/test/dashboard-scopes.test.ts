import { allowedDashboardScopes } from '@app/contract/resources/crm/dashboard';
import { describe, expect, it } from 'vitest';

const grant = (module: string, scope: 'OWN' | 'TEAM' | 'ALL', level: 'NONE' | 'READ' | 'WRITE' = 'READ') => ({
  module,
  feature: module,
  level,
  scope,
});

describe('dashboard scopes', () => {
  it('offers the organisation admin every scope', () => {
    expect(allowedDashboardScopes({ isOrganisationAdmin: true, grants: [] })).toEqual(['OWN', 'TEAM', 'ALL']);
  });

  it('offers no scope wider than the narrowest READ grant on a module the dashboard counts', () => {
    const permissions = (grants: ReturnType<typeof grant>[]) => allowedDashboardScopes({ isOrganisationAdmin: false, grants });
    expect(permissions([grant('Task', 'ALL'), grant('Candidate', 'ALL')])).toEqual(['OWN', 'TEAM', 'ALL']);
    expect(permissions([grant('Task', 'OWN'), grant('Candidate', 'ALL')])).toEqual(['OWN']);
    expect(permissions([grant('Task', 'TEAM', 'WRITE')])).toEqual(['OWN', 'TEAM']);
    // A module without READ counts 0 whatever the scope, so it narrows nothing; others' modules do not count.
    expect(permissions([grant('Task', 'ALL'), grant('Candidate', 'OWN', 'NONE'), grant('Client', 'OWN')])).toEqual(['OWN', 'TEAM', 'ALL']);
  });
});
