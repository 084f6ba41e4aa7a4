import { describe, expect, it } from 'vitest';
import { type Catalogue, featureLabel, gridGroups, gridOf, permissionsOf, plainName, roleSummary } from '../src/areas/common/role-grid';

const levels = ['READ', 'WRITE', 'FULL'] as const;
const scopes = ['OWN', 'TEAM', 'ALL'] as const;

/** A small catalogue like the seeded one: every level and scope on each feature. */
const catalogue: Catalogue = {
  modules: [
    { _id: 'm-cand', title: 'Candidate' },
    { _id: 'm-client', title: 'Client' },
    { _id: 'm-note', title: 'CrmNote' },
  ],
  features: [
    { _id: 'f-cand', title: 'Candidate', moduleId: 'm-cand' },
    { _id: 'f-cand-cred', title: 'Credentials', moduleId: 'm-cand' },
    { _id: 'f-client', title: 'Client', moduleId: 'm-client' },
    { _id: 'f-note', title: 'CrmNote', moduleId: 'm-note' },
  ],
  permissions: [],
};
for (const feature of catalogue.features) {
  for (const level of levels) {
    for (const scope of scopes) {
      catalogue.permissions.push({
        _id: `${feature._id}/${level}/${scope}`,
        moduleId: feature.moduleId,
        featureId: feature._id,
        access_level: level,
        conditions: { scope },
      });
    }
  }
}

describe('the role grid', () => {
  it('names modules and features in plain words', () => {
    expect(plainName('CrmNote')).toBe('Notes');
    expect(plainName('OrganisationStaff')).toBe('Staff');
    expect(plainName('SomethingNew')).toBe('Something new');
    const [module, feature] = [catalogue.modules[0]!, catalogue.features[1]!];
    expect(featureLabel(module, feature)).toBe('Candidates — Sign-in credentials');
    expect(featureLabel(module, catalogue.features[0]!)).toBe('Candidates');
  });

  it('groups features under their modules, the module’s own feature first', () => {
    const groups = gridGroups(catalogue);
    expect(groups.map((g) => g.label)).toEqual(['Candidates', 'Clients', 'Notes']);
    expect(groups[0]!.rows.map((r) => r.label)).toEqual(['Candidates', 'Candidates — Sign-in credentials']);
  });

  it('reads permission ids as the server does: highest level, widest scope, unknown ids grant nothing', () => {
    const grid = gridOf(catalogue, ['f-client/READ/ALL', 'f-client/FULL/OWN', 'f-note/WRITE/TEAM', 'gone']);
    expect(grid).toEqual({ 'f-client': { level: 'FULL', scope: 'ALL' }, 'f-note': { level: 'WRITE', scope: 'TEAM' } });
  });

  it('turns a grid back into one permission id per feature, and NONE into none', () => {
    const { ids, missing } = permissionsOf(catalogue, {
      'f-client': { level: 'WRITE', scope: 'OWN' },
      'f-note': { level: 'NONE', scope: 'ALL' },
      'f-cand': { level: 'READ', scope: 'ALL' },
    });
    expect(ids.sort()).toEqual(['f-cand/READ/ALL', 'f-client/WRITE/OWN']);
    expect(missing).toEqual([]);
  });

  it('round-trips: a grid from ids gives the same ids back', () => {
    const ids = ['f-cand/FULL/TEAM', 'f-cand-cred/READ/OWN', 'f-note/WRITE/ALL'];
    expect(permissionsOf(catalogue, gridOf(catalogue, ids)).ids.sort()).toEqual(ids.sort());
  });

  it('says which permissions the catalogue lacks, to be added first', () => {
    const partial = { ...catalogue, permissions: catalogue.permissions.filter((p) => p.conditions?.scope === 'ALL') };
    const { ids, missing } = permissionsOf(partial, {
      'f-client': { level: 'WRITE', scope: 'TEAM' },
      'f-note': { level: 'READ', scope: 'ALL' },
    });
    expect(ids).toEqual(['f-note/READ/ALL']);
    expect(missing).toEqual([{ moduleId: 'm-client', featureId: 'f-client', access_level: 'WRITE', conditions: { scope: 'TEAM' } }]);
  });

  it('sums a role up in a line', () => {
    const everything = catalogue.features.map((f) => `${f._id}/READ/ALL`);
    expect(roleSummary(catalogue, everything)).toBe('Views everything');
    expect(roleSummary(catalogue, [...everything, 'f-cand/WRITE/ALL', 'f-client/WRITE/ALL'])).toBe(
      'Views everything; edits candidates and clients',
    );
    expect(roleSummary(catalogue, ['f-client/FULL/OWN'])).toBe('Views, edits and deletes clients (their own)');
    expect(roleSummary(catalogue, [])).toBe('Allows nothing yet');
    expect(roleSummary(catalogue, [], true)).toBe('Does everything');
  });
});
