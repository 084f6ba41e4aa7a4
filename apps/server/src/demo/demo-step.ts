import type { CallSpec } from '@app/contract/define-resource';

export type DemoApi = (spec: Pick<CallSpec, 'method' | 'path'>, input: Record<string, unknown>, token?: string) => Promise<any>;
/** Sends one file as multipart under the key `file`. */
export type DemoUpload = (path: string, file: { content: Buffer; filename: string }, token: string) => Promise<any>;

/** One part of the demo world; later areas add their own step after the ones they build on. */
export type DemoStep = {
  name: string;
  signIns: { who: string; email: string; password: string; area: string }[];
  run: (input: { api: DemoApi; upload: DemoUpload; superAdmin: { email: string; password: string } }) => Promise<unknown>;
};
