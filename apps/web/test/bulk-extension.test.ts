import { bulkActionsOf, bulkExtensionOf, bulkExtensionValue } from '@app/contract/conventions/bulk';
import { moveToStageAction } from '@app/contract/conventions/stages';
import type { MyPermissions } from '@app/contract/resources/auth';
import { candidate } from '@app/contract/resources/crm/candidate';
import { applicationStatus } from '@app/contract/resources/job-board/application';
import { describe, expect, it } from 'vitest';
import { extensionPayload, extensionReady } from '../src/kit/bulk-extension-fields';
import { canOf } from '../src/kit/can';

/** A candidate list with a stage field and its "Move to stage", as a hiring definition declares it. */
const stages = {
  field: 'status',
  history: 'statusHistory',
  among: { kind: 'values', values: applicationStatus },
  moveMany: { method: 'POST', path: '/x/multi-move', who: ['CRM_USER'] },
} as const;
const staged = {
  ...candidate,
  stages,
  bulkActions: { ...candidate.bulkActions, 'move-to-stage': moveToStageAction(stages, ['CRM_USER']) },
};
const moveToStage = staged.bulkActions['move-to-stage'];

describe('bulk actions of a definition’s own', () => {
  it('are offered beside the built-in ones, to whom and at the level they declare', () => {
    expect(bulkActionsOf(staged)).toEqual([...bulkActionsOf(candidate), 'move-to-stage']);
    const reader = canOf('CRM_USER', {
      isOrganisationAdmin: false,
      grants: [{ module: 'Candidate', feature: 'Candidate', level: 'READ', scope: 'ALL' }],
    } as MyPermissions);
    const writer = canOf('CRM_USER', {
      isOrganisationAdmin: false,
      grants: [{ module: 'Candidate', feature: 'Candidate', level: 'WRITE', scope: 'ALL' }],
    } as MyPermissions);
    expect(reader.bulk(staged, 'move-to-stage')).toBe(false);
    expect(writer.bulk(staged, 'move-to-stage')).toBe(true);
    expect(canOf('CRM_CLIENT_USER', 'unavailable').bulk(staged, 'move-to-stage')).toBe(false);
  });

  it('ask for their fields: the stage is needed, remarks are not, and what is sent is what the server checks', () => {
    expect(extensionReady(moveToStage, {})).toBe(false);
    expect(extensionReady(moveToStage, { stage: 'SHORTLISTED' })).toBe(true);
    const payload = extensionPayload({ stage: 'SHORTLISTED', remarks: '  ' });
    expect(payload).toEqual({ stage: 'SHORTLISTED' });
    expect(bulkExtensionValue(moveToStage).safeParse(payload).success).toBe(true);
    expect(bulkExtensionValue(moveToStage).safeParse({ stage: 'MAYBE' }).success).toBe(false);
  });

  it('take several records for a multiple reference (the jobs to long-list on), and need at least one', () => {
    const longList = bulkExtensionOf(candidate, 'add-to-long-list');
    if (!longList) throw new Error('the candidate list has no Add to long list');
    expect(extensionReady(longList, { jobIds: [] })).toBe(false);
    expect(extensionPayload({ jobIds: [] })).toEqual({});
    const jobIds = ['65a000000000000000000001', '65a000000000000000000002'];
    expect(extensionReady(longList, { jobIds })).toBe(true);
    expect(bulkExtensionValue(longList).safeParse(extensionPayload({ jobIds })).success).toBe(true);
    expect(bulkExtensionValue(longList).safeParse({ jobIds: [] }).error?.issues[0]?.message).toBe('Please choose jobs');
  });

  it('are offered only with the permission they also need (long-listing makes job applications)', () => {
    const grants = (...modules: string[]) =>
      ({
        isOrganisationAdmin: false,
        grants: modules.map((module) => ({ module, feature: module, level: 'WRITE', scope: 'ALL' })),
      }) as MyPermissions;
    expect(canOf('CRM_USER', grants('Candidate')).bulk(candidate, 'add-to-long-list')).toBe(false);
    expect(canOf('CRM_USER', grants('Candidate', 'Job Application')).bulk(candidate, 'add-to-long-list')).toBe(true);
    expect(canOf('CRM_USER', grants('Job Application')).bulk(candidate, 'add-to-long-list')).toBe(false);
  });
});
