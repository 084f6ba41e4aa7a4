import type { Who } from '@app/contract/access';
import type { CallSpec } from '@app/contract/define-resource';
import { resources } from '@app/contract/resources/registry';
import { describe, expect, it } from 'vitest';
import { type Fixture, fixtures } from './support/fixtures';
import { call, type TestApp } from './support/test-app';
import { type World, withWorld } from './support/world';

/**
 * One suite per generic operation, run over every resource definition that has the call: success,
 * the spec's message, a user type the call is not for (403), another organisation's record (404).
 */
let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

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

const createOne = async (f: Fixture, token = f.actor(w)) => {
  const { status, body } = await call(t.app, f.def.calls.create!, await f.create(w, t.app), token);
  expect(status, body.message).toBe(200);
  return body.data as Record<string, unknown> & { _id: string };
};

it('every resource definition has a fixture or is covered by its own suite', () => {
  const covered = new Set(fixtures.map((f) => f.def.name));
  const own = new Set(['EntityLog']);
  expect(resources.filter((r) => !covered.has(r.name) && !own.has(r.name)).map((r) => r.name)).toEqual([]);
});

for (const f of fixtures) {
  const { calls } = f.def;
  describe(f.def.name, () => {
    if (calls.create) {
      it(`create: ${calls.create.method} ${calls.create.path} saves the record and answers it`, async () => {
        const input = await f.create(w, t.app);
        const { status, body } = await call(t.app, calls.create!, input, f.actor(w));
        expect(status, body.message).toBe(200);
        expect(body).toMatchObject({ code: 200, success: true });
        expect(body.data._id).toMatch(/^[0-9a-f]{24}$/);
        expect(body.data).not.toHaveProperty('passwordHash');
        expect(body.data).not.toHaveProperty('password');
      });
      it('create: answers the spec message for bad input, and writes nothing', async () => {
        const before = calls.list ? (await call(t.app, calls.list, { limit: 'ALL' }, f.actor(w))).body.data.totalResults : 0;
        const { status, body } = await call(t.app, calls.create!, await f.invalidCreate.body(w, t.app), f.actor(w));
        expect(status).toBe(400);
        expect(body.success).toBe(false);
        expect(body.message).toBe(f.invalidCreate.message);
        expect(body.data.errors).toContainEqual({ field: f.invalidCreate.field, message: f.invalidCreate.message });
        if (calls.list) expect((await call(t.app, calls.list, { limit: 'ALL' }, f.actor(w))).body.data.totalResults).toBe(before);
      });
      it('create: refuses an unknown field', async () => {
        const { status, body } = await call(t.app, calls.create!, { ...(await f.create(w, t.app)), sneaky: true }, f.actor(w));
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
      it('list: refuses a filter key the resource does not allow, and a bad limit', async () => {
        expect((await call(t.app, calls.list!, { filter: { password: 'x' } }, f.actor(w))).status).toBe(400);
        expect((await call(t.app, calls.list!, { limit: 1000 }, f.actor(w))).status).toBe(400);
      });
      if (f.otherOrganisationActor) {
        it("list: never shows another organisation's records", async () => {
          const theirs = await createOne(f, f.otherOrganisationActor!(w));
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
        expect(body.data).toMatchObject(f.update);
        const missingId = await call(t.app, calls.update!, { ...f.update }, f.actor(w));
        expect(missingId.status).toBe(400);
        expect(missingId.body.message).toBe('_id must be a valid mongoId');
        const noSuch = await call(t.app, calls.update!, { _id: 'a'.repeat(24), ...f.update }, f.actor(w));
        expect(noSuch.status).toBe(404);
      });
    }

    if (calls.setStatus) {
      it(`status: ${calls.setStatus.method} ${calls.setStatus.path} changes the status`, async () => {
        const created = await createOne(f);
        const { status, body } = await call(t.app, calls.setStatus!, { _id: created._id, status: 'INACTIVE' }, f.actor(w));
        expect(status, body.message).toBe(200);
        expect(body.data.status).toBe('INACTIVE');
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

    if (f.otherOrganisationActor) {
      it("every call on another organisation's record is a 404", async () => {
        const theirs = await createOne(f, f.otherOrganisationActor!(w));
        const forStaff = (spec: CallSpec | undefined) => (spec?.who.includes('CRM_USER') ? spec : undefined);
        const details = forStaff(calls.details);
        const update = forStaff(calls.update);
        const setStatus = forStaff(calls.setStatus);
        const remove = forStaff(calls.remove);
        const attempts = [
          details && call(t.app, details, { _id: theirs._id }, f.actor(w)),
          update && call(t.app, update, { _id: theirs._id, ...f.update }, f.actor(w)),
          setStatus && call(t.app, setStatus, { _id: theirs._id, status: 'INACTIVE' }, f.actor(w)),
          remove && call(t.app, remove, { _id: theirs._id }, f.actor(w)),
        ].filter(Boolean);
        expect(attempts.length).toBeGreaterThan(0);
        for (const attempt of attempts) expect((await attempt)!.status).toBe(404);
      });
    }

    for (const [kind, spec] of Object.entries(calls)) {
      const wrong = () => wrongUserFor(spec.who);
      it(`${kind}: a user type the call is not for gets 403, and no sign-in gets 401`, async () => {
        const user = wrong();
        if (user) {
          const { status } = await call(t.app, spec, { _id: 'a'.repeat(24) }, user.token);
          expect(status, `${user.type} on ${spec.path}`).toBe(403);
        }
        expect((await call(t.app, spec, {})).status).toBe(401);
      });
    }
  });
}
