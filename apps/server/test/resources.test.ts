import type { Who } from '@app/contract/access';
import type { FilterKind } from '@app/contract/conventions/list';
import { resources } from '@app/contract/resources/registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, fixtures, type SuiteWorld } from './support/fixtures';
import { aCompany, aSeeker } from './support/job-board';
import { call, startTestApp, type TestApp } from './support/test-app';
import { aWorld } from './support/world';

/**
 * One suite per generic operation, run over every registered resource that has the call: success,
 * the spec's message, a user type the call is not for (403), another tenant's record (404). The
 * cases go through the routes, so a resource whose generic call is replaced by a workflow is held
 * to the same behaviour.
 */
let t: TestApp;
let w: SuiteWorld;
beforeAll(async () => {
  t = await startTestApp();
  const [crm, seeker, otherSeeker, company, otherCompany] = await Promise.all([
    aWorld(t.app),
    aSeeker(t.app, { first: 'Ada' }),
    aSeeker(t.app, { first: 'Bea' }),
    aCompany(t.app),
    aCompany(t.app),
  ]);
  w = { ...crm, board: { seeker, otherSeeker, company, otherCompany } };
});
afterAll(() => t?.close());

/** Registered resources the suite cannot exercise, and why: kept tiny. */
const exempt: Record<string, string> = {
  JobSeeker: 'no generic calls: every call is a workflow (job-board/job-seekers.test.ts, content/admin-job-seekers.test.ts)',
  JobApplication: 'no generic calls: apply, the lists and status changes are workflows (job-board/applications.test.ts)',
  PipelineItem: 'no calls: a pipeline’s stages are written and read with it (hiring-pipelines.test.ts)',
  CrmJobApplication: 'made by add to long list and moved by transitions, not by generic writes (crm-job-applications.test.ts)',
};

/** A signed-in user whose type the call does not allow, if the world has one. */
const wrongUserFor = (who: readonly Who[]) => {
  if (who.includes('public') || who.includes('signed-in')) return undefined;
  const candidates: [string, () => string][] = [
    ['JOB_SEEKER', () => w.seeker.token],
    ['CRM_USER', () => w.orgA.adminToken],
    ['ADMIN', () => w.platformAdmin.token],
    ['SUPER_ADMIN', () => w.root],
  ];
  const found = candidates.find(([type]) => !who.includes(type as Who));
  return found ? { type: found[0], token: found[1]() } : undefined;
};

/** A filter value the record itself matches: its own value, or a window around its creation. */
const filterValueOf = (filter: FilterKind, stored: unknown) => {
  if (filter.kind === 'dateRange') return { from: new Date(Date.now() - 60 * 60 * 1000).toISOString() };
  if (filter.kind === 'relatedTo') return (stored as { _id: string }[] | undefined)?.[0]?._id;
  const own = Array.isArray(stored) ? stored[0] : stored;
  return own === null || own === undefined || typeof own === 'object' ? undefined : own;
};

/** A new record of the fixture's resource: through its create call, or the workflow that makes one. */
const createOne = async (f: Fixture, token = f.actor(w)) => {
  if (!f.def.calls.create) {
    const made = await f.make!(w, t.app, token);
    expect(made?._id).toMatch(/^[0-9a-f]{24}$/);
    return made;
  }
  const { status, body } = await call(t.app, f.def.calls.create, await f.create!(w, t.app, token), token);
  expect(status, body.message).toBe(200);
  return body.data as Record<string, unknown> & { _id: string };
};

describe('the suite covers every registered resource', () => {
  it('the app registers exactly the contract registry', () => {
    expect(t.app.resources.map((r) => r.name).sort()).toEqual(resources.map((r) => r.name).sort());
  });

  it('every registered resource has a fixture, or an exemption with its reason', () => {
    const covered = new Set(fixtures.map((f) => f.def.name));
    expect(t.app.resources.filter((r) => !covered.has(r.name) && !exempt[r.name]).map((r) => r.name)).toEqual([]);
    expect(Object.keys(exempt).filter((name) => covered.has(name))).toEqual([]);
  });

  it('every fixture can make a record, and says who else owns records or why no one does', () => {
    for (const f of fixtures) {
      const { calls } = f.def;
      expect(Boolean(f.otherTenantActor) !== Boolean(f.noOtherTenant), `${f.def.name}: otherTenantActor or noOtherTenant`).toBe(true);
      if (calls.create) expect(f.create && f.invalidCreate, `${f.def.name}: create and invalidCreate`).toBeTruthy();
      else if (calls.list || calls.details || calls.update || calls.setStatus || calls.remove)
        expect(f.make, `${f.def.name}: make`).toBeTruthy();
      if (calls.update) expect(f.update, `${f.def.name}: update`).toBeTruthy();
    }
  });
});

for (const f of fixtures) {
  const { calls } = f.def;
  describe(f.def.name, () => {
    if (calls.create) {
      it(`create: ${calls.create.method} ${calls.create.path} saves the record and answers it`, async () => {
        const input = await f.create!(w, t.app);
        const { status, body } = await call(t.app, calls.create!, input, f.actor(w));
        expect(status, body.message).toBe(200);
        expect(body).toMatchObject({ code: 200, success: true });
        expect(body.data._id).toMatch(/^[0-9a-f]{24}$/);
        expect(body.data).not.toHaveProperty('passwordHash');
        expect(body.data).not.toHaveProperty('password');
      });
      it('create: answers the spec message for bad input, and writes nothing', async () => {
        const before = calls.list ? (await call(t.app, calls.list, { limit: 'ALL' }, f.actor(w))).body.data.totalResults : 0;
        const invalid = f.invalidCreate!;
        const { status, body } = await call(t.app, calls.create!, await invalid.body(w, t.app), f.actor(w));
        expect(status).toBe(400);
        expect(body.success).toBe(false);
        expect(body.message).toBe(invalid.message);
        expect(body.data.errors).toContainEqual({ field: invalid.field, message: invalid.message });
        if (calls.list) expect((await call(t.app, calls.list, { limit: 'ALL' }, f.actor(w))).body.data.totalResults).toBe(before);
      });
      it('create: refuses an unknown field', async () => {
        const { status, body } = await call(t.app, calls.create!, { ...(await f.create!(w, t.app)), sneaky: true }, f.actor(w));
        expect(status).toBe(400);
        expect(body.message).toMatch(/Unknown field/);
      });
    }

    if (calls.list) {
      it(`list: ${calls.list.path} searches, pages and counts`, async () => {
        const created = await createOne(f);
        const { status, body } = await call(t.app, calls.list!, { search: f.searchFor(created), limit: 5 }, f.actor(w));
        expect(status, body.message).toBe(200);
        expect(body.data.results.map((r: { _id: string }) => r._id)).toContain(created._id);
        expect(body.data).toMatchObject({ page: 1, fromTo: { from: 1 } });
        const all = await call(t.app, calls.list!, { limit: 'ALL' }, f.actor(w));
        expect(all.body.data.totalResults).toBe(all.body.data.results.length);
        const empty = await call(t.app, calls.list!, { search: 'no-such-thing-zzz' }, f.actor(w));
        expect(empty.body.data).toMatchObject({ results: [], totalResults: 0, totalPages: 0, fromTo: { from: 0, to: 0 } });
      });
      const filterKeys = Object.keys(f.def.filters);
      if (filterKeys.length > 0) {
        it(`list: each declared filter (${filterKeys.join(', ')}) finds a record by its own value`, async () => {
          const created = await createOne(f);
          let checked = 0;
          for (const key of filterKeys) {
            const value = filterValueOf(f.def.filters[key]!, created[key]);
            if (value === undefined) continue;
            const { status, body } = await call(t.app, calls.list!, { filter: { [key]: value }, limit: 'ALL' }, f.actor(w));
            expect(status, `${key}: ${body.message}`).toBe(200);
            expect(
              body.data.results.map((r: { _id: string }) => r._id),
              `${key} = ${JSON.stringify(value)}`,
            ).toContain(created._id);
            if (f.def.filters[key]!.kind === 'id' || f.def.filters[key]!.kind === 'relatedTo') {
              const other = await call(t.app, calls.list!, { filter: { [key]: 'a'.repeat(24) }, limit: 'ALL' }, f.actor(w));
              expect(
                other.body.data.results.map((r: { _id: string }) => r._id),
                `${key} = another id`,
              ).not.toContain(created._id);
            }
            checked += 1;
          }
          expect(checked, 'no filter could be checked against the record').toBeGreaterThan(0);
        });
      }
      it('list: refuses a filter key the resource does not allow, and a bad limit', async () => {
        expect((await call(t.app, calls.list!, { filter: { password: 'x' } }, f.actor(w))).status).toBe(400);
        expect((await call(t.app, calls.list!, { limit: 1000 }, f.actor(w))).status).toBe(400);
      });
      if (f.otherTenantActor) {
        it("list: never shows another tenant's records", async () => {
          const theirs = await createOne(f, f.otherTenantActor!(w));
          const { body } = await call(t.app, calls.list!, { limit: 'ALL' }, f.actor(w));
          expect(body.data.results.map((r: { _id: string }) => r._id)).not.toContain(theirs._id);
        });
      }
    }

    if (calls.details) {
      it(`details: ${calls.details.path} answers the record`, async () => {
        const created = await createOne(f);
        const { status, body } = await call(t.app, calls.details!, { _id: created._id }, f.actor(w));
        expect(status, body.message).toBe(200);
        expect(body.data._id).toBe(created._id);
        const bad = await call(t.app, calls.details!, { _id: 'nope' }, f.actor(w));
        expect(bad.status).toBe(400);
        expect(bad.body.message).toBe('_id must be a valid mongoId');
      });
    }

    if (calls.update) {
      it(`update: ${calls.update.method} ${calls.update.path} changes the record and logs it`, async () => {
        const created = await createOne(f);
        const { status, body } = await call(t.app, calls.update!, { _id: created._id, ...f.update }, f.actor(w));
        expect(status, body.message).toBe(200);
        expect(body.data).toMatchObject(f.updated ?? f.update!);
        const missingId = await call(t.app, calls.update!, { ...f.update }, f.actor(w));
        expect(missingId.status).toBe(400);
        expect(missingId.body.message).toBe(f.missingIdMessage ?? '_id must be a valid mongoId');
        const noSuch = await call(t.app, calls.update!, { _id: 'a'.repeat(24), ...f.update }, f.actor(w));
        expect(noSuch.status).toBe(404);
      });
    }

    if (calls.setStatus) {
      it(`status: ${calls.setStatus.method} ${calls.setStatus.path} changes the status`, async () => {
        const created = await createOne(f);
        const to = f.otherStatus ?? 'INACTIVE';
        const { status, body } = await call(t.app, calls.setStatus!, { _id: created._id, status: to }, f.actor(w));
        expect(status, body.message).toBe(200);
        expect(body.data.status).toBe(to);
        const bad = await call(t.app, calls.setStatus!, { _id: created._id, status: 'SLEEPING' }, f.actor(w));
        expect(bad.status).toBe(400);
      });
    }

    if (calls.remove) {
      it(`delete: ${calls.remove.method} ${calls.remove.path} removes it from details and lists, softly`, async () => {
        const created = await createOne(f);
        const remover = (f.removeActor ?? f.actor)(w);
        const { status, body } = await call(t.app, calls.remove!, { _id: created._id }, remover);
        expect(status, body.message).toBe(200);
        const again = await call(t.app, calls.remove!, { _id: created._id }, remover);
        expect(again.status).toBe(404);
        if (calls.list) {
          const list = await call(t.app, calls.list, { limit: 'ALL' }, f.actor(w));
          expect(list.body.data.results.map((r: { _id: string }) => r._id)).not.toContain(created._id);
        }
      });
    }

    if (f.otherTenantActor && (calls.details || calls.update || calls.setStatus || calls.remove)) {
      it("every call on another tenant's record is a 404", async () => {
        const theirs = await createOne(f, f.otherTenantActor!(w));
        const actor = f.actor(w);
        const attempts = [
          calls.details && call(t.app, calls.details, { _id: theirs._id }, actor),
          calls.update && call(t.app, calls.update, { _id: theirs._id, ...f.update }, actor),
          calls.setStatus && call(t.app, calls.setStatus, { _id: theirs._id, status: f.otherStatus ?? 'INACTIVE' }, actor),
          calls.remove && !f.removeActor ? call(t.app, calls.remove, { _id: theirs._id }, actor) : undefined,
        ].filter(Boolean);
        for (const attempt of attempts) expect((await attempt)!.status).toBe(404);
      });
    }

    for (const [kind, spec] of Object.entries(calls)) {
      const wrong = () => wrongUserFor(spec.who);
      it(`${kind}: a user type the call is not for gets 403, and no sign-in gets 401 unless the call is public`, async () => {
        const user = wrong();
        if (user) {
          const { status } = await call(t.app, spec, { _id: 'a'.repeat(24) }, user.token);
          expect(status, `${user.type} on ${spec.path}`).toBe(403);
        }
        const anonymous = (await call(t.app, spec, {})).status;
        // A public call answers without sign-in (a 4xx for the empty input at most); any other asks for it.
        if (spec.who.includes('public')) expect([401, 403]).not.toContain(anonymous);
        else expect(anonymous).toBe(401);
      });
    }
  });
}
