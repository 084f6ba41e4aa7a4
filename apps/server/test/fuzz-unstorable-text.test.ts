import type { UserType, Who } from '@app/contract/access';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/engine/ids';
import type { RegisteredCall } from '../src/engine/register-call';
import { invalidCharactersMessage, nulMessage } from '../src/engine/storable-text';
import { aCompany, aSeeker } from './support/job-board';
import { postFile, samplePdf } from './support/multipart';
import { startTestApp, type TestApp } from './support/test-app';
import { aUser, aWorld } from './support/world';

/**
 * Every call the server answers, sent input whose strings the database cannot store (U+0000, a
 * lone surrogate), as a user the call allows so the input reaches validation: never a 5xx, always
 * the 400 that names the field. A few runs per call keep the file quick.
 */

let t: TestApp;
let tokens: Partial<Record<UserType, string>>;
beforeAll(async () => {
  t = await startTestApp();
  const w = await aWorld(t.app);
  const [seeker, company, clientUser] = await Promise.all([
    aSeeker(t.app),
    aCompany(t.app),
    aUser(t.app, { userType: 'CRM_CLIENT_USER', organisationId: w.orgA.id }),
  ]);
  tokens = {
    SUPER_ADMIN: w.root,
    ADMIN: w.platformAdmin.token,
    CRM_USER: w.orgA.adminToken,
    CRM_CLIENT_USER: clientUser.token,
    JOB_SEEKER: seeker.token,
    RECRUITER: company.token,
  };
});
afterAll(() => t?.close());

/** A user the call lets in (none for a public call). */
const tokenFor = (who: readonly Who[], holds?: string) => {
  if (who.includes('public')) return undefined;
  // A code holder of some record of the resource: the call checks its input before looking the record up.
  if (who.includes('code-holder') && holds) {
    return t.app.services.codes.holderToken({ resource: holds, recordId: newId(), organisationId: null }).token;
  }
  if (who.includes('signed-in')) return tokens.JOB_SEEKER;
  const type = who.find((w): w is UserType => w !== 'public' && w !== 'code-holder' && w !== 'signed-in' && tokens[w] !== undefined);
  return type ? tokens[type] : undefined;
};

type SchemaDef = { type?: string; in?: unknown; innerType?: unknown; shape?: Record<string, unknown> };
const defOf = (schema: unknown) => (schema as { _zod?: { def?: SchemaDef } } | undefined)?._zod?.def;

/** The top-level field names of a call's schema, through pipes, defaults and optionals. */
const fieldsOf = (schema: unknown): string[] => {
  const def = defOf(schema);
  if (!def) return [];
  if (def.type === 'object') return Object.keys(def.shape ?? {});
  if (def.type === 'pipe') return fieldsOf(def.in);
  if (def.innerType) return fieldsOf(def.innerType);
  return [];
};

const badCharacter = fc.constantFrom('\u0000', '\uD800', '\uDFFF', '\uDBFF');
/** Text with at least one character the database refuses, anywhere in it. */
const badText = fc.tuple(fc.string({ maxLength: 8 }), badCharacter, fc.string({ maxLength: 8 })).map((parts) => parts.join(''));
const badValue = fc.oneof(
  badText,
  fc.array(badText, { minLength: 1, maxLength: 2 }),
  fc.record({ first: badText, title: badText, city: badText }, { requiredKeys: [] }).filter((o) => Object.keys(o).length > 0),
);
/** A body of the call's own field names (or made-up ones), every value holding bad text. */
const badBody = (call: RegisteredCall) => {
  const fields = fieldsOf(call.input);
  const names = fields.length > 0 ? fc.constantFrom(...fields) : fc.constantFrom('search', 'name', '_id', 'title');
  return fc.dictionary(fc.oneof(names, badText), badValue, { minKeys: 1, maxKeys: 4 });
};

/** A query string can carry U+0000 (%00); UTF-8 has no lone surrogates, so those arrive as U+FFFD or not at all. */
const badQueryValue = fc
  .tuple(fc.stringMatching(/^[a-z0-9]{0,6}$/), fc.constantFrom('%00', '%ED%A0%80', '%00%00'), fc.stringMatching(/^[a-z0-9]{0,6}$/))
  .map((parts) => parts.join(''));

/** Multipart headers are UTF-8 too: U+0000 is what can arrive in a file name. */
const nulFileName = fc
  .tuple(fc.stringMatching(/^[\w .-]{0,8}$/), fc.stringMatching(/^[\w .-]{0,8}$/))
  .map(([before, after]) => `${before}\u0000${after}.pdf`);

const pathWith = (call: RegisteredCall, param: string) => `/api${call.path.replace(/\{\w+\}/g, param)}`;

const expectClientError = (call: RegisteredCall, response: { statusCode: number; body: string }) => {
  const where = `${call.method} ${call.path}: ${response.body.slice(0, 300)}`;
  expect(response.statusCode, where).toBeLessThan(500);
  return where;
};

describe('input the database cannot store', () => {
  it('no call answers a 5xx to JSON bodies with U+0000 or lone surrogates; each answers the 400 naming the field', async () => {
    const bodyCalls = t.app.calls.filter((c) => c.inputFrom !== 'query');
    expect(bodyCalls.length).toBeGreaterThan(100);
    for (const call of bodyCalls) {
      const token = tokenFor(call.who, call.holds);
      await fc.assert(
        fc.asyncProperty(badBody(call), async (body) => {
          const response = await t.app.inject({
            method: call.method,
            url: pathWith(call, 'x'),
            payload: JSON.stringify(body),
            headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          });
          const where = expectClientError(call, response);
          expect(response.statusCode, where).toBe(400);
          const answer = response.json();
          expect([nulMessage, invalidCharactersMessage], where).toContain(answer.message);
          expect(answer.data.errors[0].message, where).toBe(answer.message);
        }),
        { numRuns: 3 },
      );
    }
  });

  it('no call answers a 5xx to a query string or path holding U+0000', async () => {
    // Calls taking a body ignore the query string (and without a body one of them would sign out).
    const queryCalls = t.app.calls.filter((c) => c.inputFrom === 'query' || c.path.includes('{'));
    expect(queryCalls.length).toBeGreaterThan(15);
    for (const call of queryCalls) {
      const token = tokenFor(call.who, call.holds);
      const fields = fieldsOf(call.input);
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...(fields.length > 0 ? fields : ['search'])), badQueryValue, async (field, value) => {
          const response = await t.app.inject({
            method: call.method,
            url: `${pathWith(call, `a${value}`)}?${field}=${value}`,
            headers: token ? { authorization: `Bearer ${token}` } : {},
          });
          expectClientError(call, response);
        }),
        { numRuns: 2 },
      );
    }
  });

  it('no upload answers a 5xx to a file name holding U+0000; each answers the 400 naming it', async () => {
    const uploads = t.app.calls.filter((c) => c.inputFrom === 'multipart');
    expect(uploads.length).toBeGreaterThanOrEqual(2);
    for (const call of uploads) {
      await fc.assert(
        fc.asyncProperty(nulFileName, async (filename) => {
          const response = await postFile(t.app, pathWith(call, 'x'), {
            content: samplePdf,
            filename,
            token: tokenFor(call.who, call.holds),
          });
          const where = expectClientError(call, response);
          expect(response.statusCode, where).toBe(400);
          expect(response.json().data.errors[0].field, where).toBe('file');
        }),
        { numRuns: 3 },
      );
    }
  });
});
