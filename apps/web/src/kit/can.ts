import type { UserType } from '@app/contract/access';
import type { CallKind, CallSpec, ResourceDefinition } from '@app/contract/define-resource';

/** Whether a user type may make a call at all; the server still checks CRM permissions on top. */
export const mayCall = (userType: UserType | undefined, call: Pick<CallSpec, 'who'> | undefined) =>
  Boolean(call && (call.who.includes('public') || (userType && (call.who.includes('signed-in') || call.who.includes(userType)))));

export const mayDo = (userType: UserType | undefined, resource: ResourceDefinition, kind: CallKind) =>
  mayCall(userType, resource.calls[kind]);
