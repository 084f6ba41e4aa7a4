import { bulkActionsOf } from '@app/contract/conventions/bulk';
import type { MyPermissions } from '@app/contract/resources/auth';
import { candidate } from '@app/contract/resources/crm/candidate';
import { contact } from '@app/contract/resources/crm/contact';
import { teamMember } from '@app/contract/resources/crm/team';
import { describe, expect, it } from 'vitest';
import { canOf } from '../src/kit/can';

const grants = (module: string, level: 'READ' | 'WRITE' | 'FULL', feature = module): MyPermissions => ({
  isOrganisationAdmin: false,
  grants: [{ module, feature, level, scope: 'ALL' }],
});

const offered = (can: ReturnType<typeof canOf>, resource: typeof contact | typeof candidate) =>
  bulkActionsOf(resource).filter((action) => can.bulk(resource, action));

describe('the screen asks the permission the call checks', () => {
  it('offers a client-portal user no bulk action: they may edit their contacts, not choose owners or delete', () => {
    const can = canOf('CRM_CLIENT_USER', 'unavailable');
    expect(can.do(contact, 'update')).toBe(true);
    expect(offered(can, contact)).toEqual([]);
  });

  it('offers each bulk action at the level of the single call it multiplies', () => {
    expect(offered(canOf('CRM_USER', grants('Candidate', 'READ')), candidate)).toEqual([]);
    // Add to long list makes job applications: it also needs Job Application (test/bulk-extension.test.ts).
    expect(offered(canOf('CRM_USER', grants('Candidate', 'WRITE')), candidate)).toEqual(['assign-owner', 'set-status']);
    expect(offered(canOf('CRM_USER', grants('Candidate', 'FULL')), candidate)).toEqual(['assign-owner', 'set-status', 'delete']);
    expect(offered(canOf('CRM_USER', { isOrganisationAdmin: true, grants: [] } as unknown as MyPermissions), candidate)).toEqual(
      bulkActionsOf(candidate),
    );
  });

  it('hides everything until the permissions arrive', () => {
    expect(offered(canOf('CRM_USER', 'loading'), candidate)).toEqual([]);
  });

  it('gives a read-only viewer of teams no way to add or remove a member', () => {
    const viewer = canOf('CRM_USER', grants('OrganisationStaff', 'READ', 'Teams'));
    expect(viewer.do(teamMember, 'list')).toBe(true);
    expect(viewer.do(teamMember, 'create')).toBe(false);
    expect(viewer.do(teamMember, 'remove')).toBe(false);
    const lead = canOf('CRM_USER', grants('OrganisationStaff', 'FULL', 'Teams'));
    expect(lead.do(teamMember, 'create')).toBe(true);
    expect(lead.do(teamMember, 'remove')).toBe(true);
  });
});
