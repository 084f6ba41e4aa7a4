import { type AccessLevel, type AccessScope, accessLevelRank, accessScopeRank } from '@app/contract/access';
import { humanise } from '../../kit/words';

/** The catalogue a role is built from, as the module, feature and permission lists answer it. */
export type CatalogueModule = { _id: string; title: string };
export type CatalogueFeature = { _id: string; title: string; moduleId: string };
export type CataloguePermission = {
  _id: string;
  moduleId: string;
  featureId: string;
  access_level: AccessLevel;
  conditions?: { scope?: AccessScope } | null;
};
export type Catalogue = { modules: CatalogueModule[]; features: CatalogueFeature[]; permissions: CataloguePermission[] };

/** One cell of the grid: what a role allows on a feature. NONE means the role holds no permission on it. */
export type GridCell = { level: AccessLevel; scope: AccessScope };
/** Feature id → cell; a feature absent is NONE. */
export type Grid = Record<string, GridCell>;

export type GridRow = { featureId: string; moduleId: string; label: string };
export type GridGroup = { moduleId: string; label: string; rows: GridRow[] };

export const levelChoices: { value: AccessLevel; label: string }[] = [
  { value: 'NONE', label: 'None' },
  { value: 'READ', label: 'View' },
  { value: 'WRITE', label: 'Edit' },
  { value: 'FULL', label: 'Full' },
];
export const scopeChoices: { value: AccessScope; label: string }[] = [
  { value: 'OWN', label: 'Own records' },
  { value: 'TEAM', label: 'Team’s records' },
  { value: 'ALL', label: 'All records' },
];

/** The catalogue's internal names (crm.md §3) as an agency admin says them. */
const plainNames: Record<string, string> = {
  User: 'Users',
  Lead: 'Leads',
  Task: 'Tasks',
  Event: 'Events',
  Contact: 'Contacts',
  Candidate: 'Candidates',
  Client: 'Clients',
  Job: 'Jobs',
  CrmNote: 'Notes',
  'Hiring Pipeline': 'Hiring pipelines',
  'Job Application': 'Job applications',
  CrmNoticePeriod: 'Notice periods',
  'Call Log': 'Call logs',
  Email: 'Emails',
  CandidateInformationForm: 'Candidate information forms',
  ClientInformationRequest: 'Client information requests',
  Interview: 'Interviews',
  'Interview information page': 'Interview information pages',
  'Candidate CV': 'Candidate CVs',
  'Email Template': 'Email templates',
  Feedback: 'Feedback',
  'Feedback Category': 'Feedback categories',
  'Feedback Rating Options': 'Feedback rating options',
  EntityLog: 'Audit log',
  OrganisationStaff: 'Staff',
  Roles: 'Roles',
  Teams: 'Teams',
  Credentials: 'Sign-in credentials',
};

/** A module's or feature's title in plain words: the known ones by name, others split at their capitals. */
export const plainName = (title: string) => plainNames[title] ?? humanise(title.replace(/^Crm(?=[A-Z])/, ''));

/** A feature in words: its module's name, and the feature's after a dash when it is not the module's own ("Candidates — Sign-in credentials"). */
export const featureLabel = (module: CatalogueModule | undefined, feature: CatalogueFeature) => {
  const moduleName = module ? plainName(module.title) : '';
  const featureName = plainName(feature.title);
  if (!module || module.title === feature.title || moduleName === featureName) return featureName;
  return `${moduleName} — ${featureName}`;
};

/** Modules as groups (by name) and their features as rows, the module's own feature first. */
export const gridGroups = (catalogue: Pick<Catalogue, 'modules' | 'features'>): GridGroup[] =>
  catalogue.modules
    .map((module) => {
      const rows = catalogue.features
        .filter((feature) => feature.moduleId === module._id)
        .sort((a, b) => Number(b.title === module.title) - Number(a.title === module.title) || a.title.localeCompare(b.title))
        .map((feature) => ({ featureId: feature._id, moduleId: module._id, label: featureLabel(module, feature) }));
      return { moduleId: module._id, label: plainName(module.title), rows };
    })
    .filter((group) => group.rows.length > 0)
    .sort((a, b) => a.label.localeCompare(b.label));

const scopeOf = (permission: CataloguePermission): AccessScope => permission.conditions?.scope ?? 'ALL';

/**
 * What a role's permission ids allow, feature by feature, as the server reckons it: several
 * permissions on one feature add up to the highest level and the widest scope. Ids not in the
 * catalogue (deleted permissions) grant nothing, as on the server.
 */
export const gridOf = (catalogue: Pick<Catalogue, 'permissions'>, permissionIds: readonly string[]): Grid => {
  const byId = new Map(catalogue.permissions.map((permission) => [permission._id, permission]));
  const grid: Grid = {};
  for (const id of permissionIds) {
    const permission = byId.get(id);
    if (!permission || permission.access_level === 'NONE') continue;
    const held = grid[permission.featureId];
    const scope = scopeOf(permission);
    grid[permission.featureId] = {
      level: !held || accessLevelRank[permission.access_level] > accessLevelRank[held.level] ? permission.access_level : held.level,
      scope: !held || accessScopeRank[scope] > accessScopeRank[held.scope] ? scope : held.scope,
    };
  }
  return grid;
};

/** A permission the catalogue lacks for a cell of the grid: what to add before the role can name it. */
export type MissingPermission = { moduleId: string; featureId: string; access_level: AccessLevel; conditions: { scope: AccessScope } };

/**
 * The permission ids a grid turns into: one per feature whose level is not NONE, matching its
 * level and scope; cells the catalogue holds no permission for come back as `missing`.
 */
export const permissionsOf = (catalogue: Catalogue, grid: Grid): { ids: string[]; missing: MissingPermission[] } => {
  const ids: string[] = [];
  const missing: MissingPermission[] = [];
  const featureModule = new Map(catalogue.features.map((feature) => [feature._id, feature.moduleId]));
  for (const [featureId, cell] of Object.entries(grid)) {
    if (cell.level === 'NONE') continue;
    const moduleId = featureModule.get(featureId);
    if (!moduleId) continue;
    const match = catalogue.permissions.find(
      (permission) => permission.featureId === featureId && permission.access_level === cell.level && scopeOf(permission) === cell.scope,
    );
    if (match) ids.push(match._id);
    else missing.push({ moduleId, featureId, access_level: cell.level, conditions: { scope: cell.scope } });
  }
  return { ids, missing };
};

const listWords = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;

const scopeWords: Record<AccessScope, string> = { OWN: ' (their own)', TEAM: ' (their team’s)', ALL: '' };

/**
 * A role in one line: "Views everything; edits candidates and clients". Each verb names everything
 * when every feature has it, else the features (their modules' names for the modules' own), with a
 * scope said when all of them share a narrower one.
 */
export const roleSummary = (catalogue: Catalogue, permissionIds: readonly string[], isOrganisationAdmin = false) => {
  if (isOrganisationAdmin) return 'Does everything';
  const grid = gridOf(catalogue, permissionIds);
  const modules = new Map(catalogue.modules.map((module) => [module._id, module]));
  const features = catalogue.features.filter((feature) => modules.has(feature.moduleId));
  const verbs: [string, AccessLevel][] = [
    ['views', 'READ'],
    ['edits', 'WRITE'],
    ['deletes', 'FULL'],
  ];
  const parts: { verbs: string[]; what: string }[] = [];
  for (const [verb, level] of verbs) {
    const granted = features.filter((feature) => {
      const cell = grid[feature._id];
      return cell && accessLevelRank[cell.level] >= accessLevelRank[level];
    });
    if (granted.length === 0) continue;
    const scopes = new Set(granted.map((feature) => grid[feature._id]?.scope ?? 'ALL'));
    const scope = scopes.size === 1 ? scopeWords[[...scopes][0] as AccessScope] : '';
    const what =
      granted.length === features.length
        ? 'everything'
        : granted.length > 6
          ? `${granted.length} of ${features.length} areas`
          : listWords(granted.map((feature) => featureLabel(modules.get(feature.moduleId), feature).toLowerCase()));
    // "Views, edits and deletes clients" rather than the same areas three times.
    const last = parts[parts.length - 1];
    if (last && last.what === `${what}${scope}`) last.verbs.push(verb);
    else parts.push({ verbs: [verb], what: `${what}${scope}` });
  }
  if (parts.length === 0) return 'Allows nothing yet';
  const text = parts.map((part) => `${listWords(part.verbs)} ${part.what}`).join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};
