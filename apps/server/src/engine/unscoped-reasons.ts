/**
 * Why a workflow's handler gets no scope from the engine. A workflow open to more than organisation
 * members must say which (register-call.ts refuses to register it otherwise); these are the usual
 * answers, each a promise about what the handler itself narrows by.
 */
export const callersOwn = "the caller's own account and what hangs from it, found by the caller's id";
export const recruitersOwn = "the recruiter's own company and its jobs and applicants, found by the caller's id";
export const acrossOrganisations = 'platform admins work across organisations';
export const publicAndPublished = 'open to the public: it answers only what is published, open or active';
export const noCallerYet = 'before sign-in there is no caller: it finds the account by what is sent';
export const sameForEveryone = 'a catalogue that is the same for everyone';
