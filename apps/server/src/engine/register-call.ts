import type { AccessLevel, CrmAccess, Who } from '@app/contract/access';
import { type Audience, type AudienceViews, audienceOfUserType, audiencesOfWho } from '@app/contract/audiences';
import type { HttpMethod, Tenancy } from '@app/contract/define-resource';
import type { ScopePolicy } from '@app/contract/scope-policy';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { checkCodeHolder, checkPermission, checkWho, tenancyScope } from './access';
import { serialiseAnswer, WrittenAnswer } from './answer-output';
import { type CallContext, type Caller, type CodeHolder, type Scope, unscoped } from './context';
import { rejectUnstorableText } from './storable-text';
import { parseInput } from './validate';

/** What the docs, `npm run routes` and the route-coverage test know of each call. */
export type RegisteredCall = {
  method: HttpMethod;
  path: string;
  who: readonly Who[];
  tag: string;
  name: string;
  summary?: string;
  input?: z.ZodType;
  inputFrom: 'body' | 'query' | 'multipart';
  /** What the envelope's `data` holds; only what it declares is sent. */
  output: z.ZodType;
  /** For a resource that declares audiences: what each audience that can make the call is answered instead. */
  outputs?: Partial<Record<Audience, z.ZodType>>;
  /** A code-holder call's record: the definition name its holder's code was issued for. */
  holds?: string;
};

export type CallSpecification = Omit<RegisteredCall, 'inputFrom'> & {
  inputFrom?: RegisteredCall['inputFrom'];
  access?: CrmAccess;
  /** A call open to CRM_USER without `access` must carry `unscoped('why')` here. */
  policies?: readonly ScopePolicy[];
  level?: AccessLevel;
  /**
   * Resources always have one. A workflow only organisation members may make runs in the caller's
   * organisation by default; any other names its tenancy or says why it runs unscoped.
   */
  tenancy?: Tenancy;
  /** Why this workflow's handler gets no scope (it narrows by the caller's own id, it is public...). */
  unscoped?: string;
  /** Writes run in one transaction; reads and multipart uploads do not need one. */
  transaction?: boolean;
  message?: string;
  /** A larger request body than the app's default (an import's CSV text), in bytes. */
  bodyLimit?: number;
  /** The definition's audiences: a job seeker its view names is scoped to their own rows, in any organisation. */
  audiences?: AudienceViews;
};

const organisationMembers: readonly Who[] = ['CRM_USER', 'CRM_CLIENT_USER'];

/**
 * Where a call's handler looks: its tenancy's scope, or, for a workflow with none that only
 * organisation members may make, the caller's organisation. Any other workflow must say which, or
 * why it looks everywhere: registration fails otherwise, so no query runs unscoped by omission.
 */
type ScopeRule = { tenancy: Tenancy } | { unscoped: string } | { holds: string };

const scopeRuleOf = (spec: CallSpecification): ScopeRule => {
  const what = `${spec.name} (${spec.method} ${spec.path})`;
  // A call with no sign-in serves one kind of caller, named: an anonymous visitor or a code holder.
  const signedOut = spec.who.filter((who) => who === 'public' || who === 'code-holder');
  if (signedOut.length > 0 && spec.who.length > 1) {
    throw new Error(
      `${what} is open to ${spec.who.join(', ')}: a call without sign-in serves one kind of caller, 'public' or 'code-holder'`,
    );
  }
  if (spec.who.includes('code-holder')) {
    if (!spec.holds) throw new Error(`${what} is for a code holder: name the resource its code is issued for (holds)`);
    if (spec.tenancy || spec.unscoped) throw new Error(`${what} is for a code holder: its scope is the one record held, not a tenancy`);
    return { holds: spec.holds };
  }
  if (spec.holds) throw new Error(`${what} names the record a code holds, but is not for who: ['code-holder']`);
  if (spec.tenancy && spec.unscoped) throw new Error(`${spec.name} declares both a tenancy and unscoped: pick one`);
  if (spec.tenancy) return { tenancy: spec.tenancy };
  if (spec.unscoped) return { unscoped: spec.unscoped };
  if (spec.who.length > 0 && spec.who.every((who) => organisationMembers.includes(who))) return { tenancy: 'organisation' };
  throw new Error(`${spec.name} (${spec.method} ${spec.path}) is open to ${spec.who.join(', ')}: declare its tenancy, or unscoped: 'why'`);
};

/** The scope a call's handler gets: its tenancy's, the one record a code holder holds, or none on purpose. */
const scopeOf = (rule: ScopeRule, caller: Caller | null, holder: CodeHolder | null, audiences?: AudienceViews): Scope => {
  if ('tenancy' in rule) return tenancyScope(rule.tenancy, caller, audiences);
  if ('unscoped' in rule) return unscoped(rule.unscoped);
  const held = holder as CodeHolder;
  return {
    holds: { resource: held.resource, recordId: held.recordId },
    ...(held.organisationId ? { organisationId: held.organisationId } : {}),
  };
};

/** The audiences that can make the call and what each is answered; none when every caller gets `output`. */
const outputsFor = (spec: CallSpecification) => {
  if (!spec.outputs) return undefined;
  const callers = audiencesOfWho(spec.who).filter((audience) => spec.outputs?.[audience]);
  if (callers.length === 0) return undefined;
  return Object.fromEntries(callers.map((audience) => [audience, spec.outputs?.[audience] as z.ZodType])) as RegisteredCall['outputs'];
};

const bearerOf = (req: { headers: { authorization?: string } }) => {
  const header = req.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
};

/** A handler's answer with its own message instead of the call's default. */
export class Answer<T> {
  constructor(
    readonly data: T,
    readonly message: string,
  ) {}
}

export const apiPath = (path: string) => `/api${path.replace(/\{(\w+)\}/g, ':$1')}`;

declare module 'fastify' {
  interface FastifyInstance {
    calls: RegisteredCall[];
  }
}

/**
 * Registers one call: sign-in and user-type check, the CRM permission check (which narrows the
 * scope), input validation, then the handler, inside a transaction when it writes, and its answer
 * serialised through the call's output schema. Every call declares its output: there is no
 * exception (files and pages that are not JSON are plain routes, hidden from the API docs).
 */
export const registerCall = <Input>(
  app: FastifyInstance,
  spec: CallSpecification & { input?: z.ZodType<Input> },
  handler: (ctx: CallContext & { input: Input }) => Promise<unknown>,
) => {
  // Staff calls are permission-checked by default: going without is written out, with its reason.
  if (spec.who.includes('CRM_USER') && !spec.access && !spec.policies?.some((policy) => policy.kind === 'unscoped')) {
    throw new Error(`${spec.name} is open to CRM_USER without a permission module: give it access, or policies: [unscoped('why')]`);
  }
  const scopeRule = scopeRuleOf(spec);
  const inputFrom = spec.inputFrom ?? (spec.method === 'GET' || spec.method === 'DELETE' ? 'query' : 'body');
  const transaction = spec.transaction ?? (spec.method !== 'GET' && inputFrom !== 'multipart');
  if (!spec.output) throw new Error(`Call ${spec.name} (${spec.method} ${spec.path}) declares no output schema`);
  const { output } = spec;
  const outputs = outputsFor(spec);
  app.calls.push({ ...spec, inputFrom, outputs });
  app.route({
    method: spec.method,
    url: apiPath(spec.path),
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    handler: async (req, reply) => {
      // A code holder has no session: their caller is the one record their token names.
      const holder = 'holds' in scopeRule ? checkCodeHolder(app.services.codes.holderOf(bearerOf(req)), scopeRule.holds) : null;
      const caller = holder ? null : req.caller;
      if (!holder) checkWho(spec.who, caller);
      const { db } = app.database;
      let scope = scopeOf(scopeRule, caller, holder, spec.audiences);
      if (spec.access && caller) {
        scope = { ...scope, ...(await checkPermission(db, { caller, access: spec.access, level: spec.level ?? 'WRITE' })) };
      }
      const params = req.params as Record<string, string>;
      const raw = inputFrom === 'query' ? { ...(req.query as object), ...params } : { ...(req.body as object), ...params };
      rejectUnstorableText(raw);
      const input = (spec.input && inputFrom !== 'multipart' ? parseInput(spec.input, raw) : raw) as Input;
      type Task = (db: typeof app.database.db) => Promise<unknown> | unknown;
      const onCommit: Task[] = [];
      const always: Task[] = [];
      const context = {
        caller,
        holder,
        scope,
        services: app.services,
        req,
        reply,
        input,
        afterCommit: (task: Task) => onCommit.push(task),
        transaction: <T>(work: (tx: typeof db) => Promise<T>) => db.transaction((tx) => work(tx)),
        afterwards: (task: Task) => always.push(task),
      };
      let result: unknown;
      try {
        result = transaction ? await db.transaction((tx) => handler({ ...context, db: tx })) : await handler({ ...context, db });
      } finally {
        for (const task of always) await task(db);
      }
      for (const task of onCommit) {
        try {
          await task(db);
        } catch (error) {
          req.log.error({ err: error }, 'a task after the commit failed');
        }
      }
      // A handler that answers itself (a CSV stream) returns the reply: it is on its way already.
      if (reply.sent || result === reply) return reply;
      const answer = result instanceof Answer ? result : new Answer(result ?? null, spec.message ?? 'Success');
      if (answer.data instanceof WrittenAnswer) {
        reply.type('application/json; charset=utf-8');
        return answer.data.enveloped(answer.message);
      }
      const audience: Audience | null = holder ? 'codeHolder' : caller ? audienceOfUserType(caller.userType) : null;
      const data = serialiseAnswer({ call: spec.name, output, outputs, audience, data: answer.data, files: app.services.files });
      return { code: 200, success: true, message: answer.message, data };
    },
  });
};
