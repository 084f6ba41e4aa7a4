import type { ResourceDefinition } from '@app/contract/define-resource';
import { crmFeature, crmModule, crmRole } from '@app/contract/resources/crm-access';
import { organisationLookup } from '@app/contract/resources/organisation';
import { callApi, callList } from '../../kit/api';
import type { OptionsLoader } from '../../kit/field-descriptor';

/** Every row of a lookup list (the server caps "ALL" at 10,000). */
export const allOf = async <D extends ResourceDefinition>(resource: D, filter: Record<string, unknown> = {}) =>
  (await callList(resource, { limit: 'ALL', filter })).results;

/** One organisation as `organisationLookup` answers it (every organisation, ordered by name). */
export type OrganisationSummary = { _id: string; name: string; status: string };

/** Names of every organisation, for platform admins of either kind (listing organisations is the super admin's). */
export const organisationSummaries = (signal?: AbortSignal) => callApi(organisationLookup, {}, { signal });

export const organisationOptions: OptionsLoader = {
  key: 'organisations',
  load: async () =>
    (await organisationSummaries()).map((row) => ({
      value: row._id,
      label: row.status === 'ACTIVE' ? row.name : `${row.name} (inactive)`,
    })),
};

export const moduleOptions: OptionsLoader = {
  key: 'crm-modules',
  load: async () => (await allOf(crmModule)).map((row) => ({ value: row._id, label: row.title })).sort(byLabel),
};

export const featureOptions: OptionsLoader = {
  key: 'crm-features',
  dependsOn: ['moduleId'],
  waitingFor: 'Choose a module first',
  load: async ({ moduleId }) => (await allOf(crmFeature, { moduleId })).map((row) => ({ value: row._id, label: row.title })).sort(byLabel),
};

/** Roles of the caller's own organisation (staff), or of the organisation chosen in the form (platform admins). */
export const roleOptions = (scope: 'own' | 'chosen'): OptionsLoader => ({
  key: `crm-roles-${scope}`,
  dependsOn: scope === 'chosen' ? ['organisationId'] : [],
  waitingFor: 'Choose an organisation first',
  load: async ({ organisationId }) =>
    (await allOf(crmRole, scope === 'chosen' ? { organisationId } : {})).map((row) => ({ value: row._id, label: row.title })).sort(byLabel),
});

const byLabel = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label);
