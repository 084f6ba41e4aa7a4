import { type AccessLevel, accessLevelRank, type CrmAccess, type UserType } from '@app/contract/access';
import { bulkActionAlsoNeeds, bulkActionLevel, bulkActionWho } from '@app/contract/conventions/bulk';
import type { CallKind, CallSpec, ResourceDefinition, WorkflowDefinition } from '@app/contract/define-resource';
import type { MyPermissions } from '@app/contract/resources/auth';
import { useMemo } from 'react';
import { type PermissionsState, usePermissions } from './permissions';
import { useSession } from './session';

/** Whether a user type may make a call at all; CRM users also need the permission (see `canOf`). */
export const mayCall = (userType: UserType | undefined, call: Pick<CallSpec, 'who'> | undefined) =>
  Boolean(call && (call.who.includes('public') || (userType && (call.who.includes('signed-in') || call.who.includes(userType)))));

export const mayDo = (userType: UserType | undefined, resource: ResourceDefinition, kind: CallKind) =>
  mayCall(userType, resource.calls[kind]);

/** The level a call of a kind needs, as the server reckons it: READ to read, FULL to delete, WRITE for the rest. */
export const levelOfKind = (kind: CallKind): AccessLevel =>
  kind === 'list' || kind === 'details' ? 'READ' : kind === 'remove' ? 'FULL' : 'WRITE';

/** Whether permissions give a level on a module's feature (the module's own when none is named); the organisation admin may do everything. */
export const permits = (permissions: MyPermissions, access: CrmAccess, level: AccessLevel) => {
  if (permissions.isOrganisationAdmin) return true;
  const feature = access.feature ?? access.module;
  const grant = permissions.grants.find((held) => held.module === access.module && held.feature === feature);
  return Boolean(grant && accessLevelRank[grant.level] >= accessLevelRank[level]);
};

/** What the signed-in user may do, so screens offer only that; the server checks every call again. */
export type Can = {
  /** A resource's call of one kind: its `who`, and for CRM users the resource's `access` at the kind's level. */
  do: (resource: ResourceDefinition, kind: CallKind) => boolean;
  /** A workflow: its `who`, and for CRM users its `access` at its level (WRITE unless it says). */
  call: (workflow: WorkflowDefinition) => boolean;
  /** A bulk action: as the server checks it, the single call it multiplies (its user types and level), or the definition's own action's. */
  bulk: (resource: ResourceDefinition, action: string) => boolean;
};

const permitted = (userType: UserType | undefined, permissions: PermissionsState, access: CrmAccess | undefined, level: AccessLevel) => {
  // The server checks permissions of CRM users only, on calls that name an access.
  if (userType !== 'CRM_USER' || !access) return true;
  if (permissions === 'loading') return false;
  if (permissions === 'unavailable') return true;
  return permits(permissions, access, level);
};

export const canOf = (userType: UserType | undefined, permissions: PermissionsState): Can => ({
  do: (resource, kind) => {
    const call = resource.calls[kind];
    return mayCall(userType, call) && permitted(userType, permissions, resource.access, call?.level ?? levelOfKind(kind));
  },
  call: (workflow) => mayCall(userType, workflow) && permitted(userType, permissions, workflow.access, workflow.level ?? 'WRITE'),
  bulk: (resource, action) => {
    const level = bulkActionLevel(resource, action);
    const alsoNeeds = bulkActionAlsoNeeds(resource, action);
    return (
      mayCall(userType, { who: bulkActionWho(resource, action) }) &&
      permitted(userType, permissions, resource.access, level) &&
      (!alsoNeeds || permitted(userType, permissions, alsoNeeds, level))
    );
  },
});

/**
 * What the signed-in user may do. A CRM user's permissions are loaded once per session; until they
 * arrive their actions stay hidden, and if they cannot be loaded the server's 403 has the last word.
 */
export const useCan = (): Can => {
  const { user } = useSession();
  const permissions = usePermissions();
  return useMemo(() => canOf(user?.userType, permissions), [user?.userType, permissions]);
};
