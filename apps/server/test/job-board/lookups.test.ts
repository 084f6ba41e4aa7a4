import type { CallSpec, ResourceDefinition } from '@app/contract/define-resource';
import * as fixed from '@app/contract/lookups';
import { fixedLookups, industry, industryOptions, jobTitle, language, skill } from '@app/contract/resources/job-board/lookups';
import { describe, expect, it } from 'vitest';
import { type BoardWorld, idsOf, withBoard } from '../support/job-board';
import { call, type TestApp } from '../support/test-app';
import { unique } from '../support/world';

let t: TestApp;
let w: BoardWorld;
withBoard((app, world) => {
  t = app;
  w = world;
});

type Lookup = {
  def: ResourceDefinition;
  /** A valid create body besides the label. */
  extra: Record<string, unknown>;
  missingLabel: string;
  duplicate: string;
};

const lookups: Lookup[] = [
  { def: skill, extra: { type: 'HARD' }, missingLabel: 'Please enter skill name', duplicate: 'This skill already exists' },
  { def: language, extra: { status: 'ACTIVE' }, missingLabel: 'Please enter language name', duplicate: 'This language already exists' },
  { def: jobTitle, extra: {}, missingLabel: 'Please enter job title', duplicate: 'This job title already exists' },
  { def: industry, extra: {}, missingLabel: 'Please enter industry name', duplicate: 'This industry already exists' },
];

for (const l of lookups) {
  const { calls } = l.def;
  const create = async (label = unique(`${l.def.name} `), token = w.platformAdmin.token) => {
    const { status, body } = await call(t.app, calls.create!, { label, ...l.extra }, token);
    expect(status, body.message).toBe(200);
    return body.data as { _id: string; label: string; value: string; status: string };
  };

  describe(`${l.def.name}: ${calls.create!.path}, ${calls.update!.path}, ${calls.setStatus!.path}, ${calls.list!.path}`, () => {
    it('a platform admin adds one; its value is made from the label; the super admin may too', async () => {
      const label = unique('Forklift Driving ');
      const made = await create(label);
      expect(made).toMatchObject({ label, value: label.toLowerCase().replace(/ /g, '-'), status: 'ACTIVE' });
      expect(made._id).toMatch(/^[0-9a-f]{24}$/);
      await create(undefined, w.root);
    });

    it('asks for a label in the spec’s words, and refuses a second one with the same value (409)', async () => {
      const missing = await call(t.app, calls.create!, { ...l.extra }, w.platformAdmin.token);
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe(l.missingLabel);
      expect(missing.body.data.errors).toContainEqual({ field: 'label', message: l.missingLabel });
      const blank = await call(t.app, calls.create!, { label: '   ', ...l.extra }, w.platformAdmin.token);
      expect(blank.body.message).toBe(l.missingLabel);
      const made = await create();
      const again = await call(t.app, calls.create!, { label: made.label, ...l.extra }, w.platformAdmin.token);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(l.duplicate);
    });

    it('updates a label; a bad id is the spec’s message, an unknown one 404', async () => {
      const made = await create();
      const renamed = unique('Renamed ');
      const { status, body } = await call(t.app, calls.update!, { _id: made._id, label: renamed }, w.platformAdmin.token);
      expect(status, body.message).toBe(200);
      expect(body.data).toMatchObject({ _id: made._id, label: renamed, value: made.value });
      const badId = await call(t.app, calls.update!, { _id: 'nope', label: renamed }, w.platformAdmin.token);
      expect(badId.status).toBe(400);
      expect(badId.body.message).toBe('_id must be a valid mongoId');
      expect((await call(t.app, calls.update!, { _id: 'a'.repeat(24), label: renamed }, w.platformAdmin.token)).status).toBe(404);
    });

    it('an update changes only what it names: status and the rest stay', async () => {
      const made = await create();
      await call(t.app, calls.setStatus!, { _id: made._id, status: 'INACTIVE' }, w.platformAdmin.token);
      const { body } = await call(t.app, calls.update!, { _id: made._id, label: unique('Relabelled ') }, w.platformAdmin.token);
      expect(body.data.status).toBe('INACTIVE');
      if (l.def === skill) {
        const soft = (await call(t.app, calls.create!, { label: unique('Empathy '), type: 'SOFT', isNew: true }, w.platformAdmin.token))
          .body.data;
        const relabelled = await call(t.app, calls.update!, { _id: soft._id, label: unique('Kindness ') }, w.platformAdmin.token);
        expect(relabelled.body.data).toMatchObject({ type: 'SOFT', isNew: true });
      }
    });

    it('an inactive item leaves the public list but platform admins still see it', async () => {
      const made = await create();
      const changed = await call(t.app, calls.setStatus!, { _id: made._id, status: 'INACTIVE' }, w.platformAdmin.token);
      expect(changed.status, changed.body.message).toBe(200);
      expect(changed.body.data.status).toBe('INACTIVE');
      const bad = await call(t.app, calls.setStatus!, { _id: made._id, status: 'SLEEPING' }, w.platformAdmin.token);
      expect(bad.status).toBe(400);
      expect(['Status must be ACTIVE or INACTIVE', 'Status must be ACTIVE, INACTIVE or PENDING']).toContain(bad.body.message);

      const asAdmin = await call(t.app, calls.list!, { search: made.label }, w.platformAdmin.token);
      expect(idsOf(asAdmin.body)).toEqual([made._id]);
      const onlyInactive = await call(t.app, calls.list!, { filter: { status: 'INACTIVE' }, limit: 'ALL' }, w.root);
      expect(idsOf(onlyInactive.body)).toContain(made._id);

      if (calls.list!.who.includes('public')) {
        for (const token of [undefined, w.seeker.token, w.company.token]) {
          const { status, body } = await call(t.app, calls.list!, { search: made.label }, token);
          expect(status).toBe(200);
          expect(body.data.results).toEqual([]);
          // Asking for inactive ones does not show them either.
          const asked = await call(t.app, calls.list!, { filter: { status: 'INACTIVE' }, limit: 'ALL' }, token);
          expect(asked.body.data.results).toEqual([]);
        }
        const all = await call(t.app, calls.list!, { limit: 'ALL' });
        expect(all.body.data.totalResults).toBeGreaterThan(0);
        expect(all.body.data.results.every((r: { status: string }) => r.status === 'ACTIVE')).toBe(true);
      }

      await call(t.app, calls.setStatus!, { _id: made._id, status: 'ACTIVE' }, w.platformAdmin.token);
      const back = await call(t.app, calls.list!, { search: made.label }, calls.list!.who.includes('public') ? undefined : w.root);
      expect(idsOf(back.body)).toEqual([made._id]);
    });

    it('job seekers, recruiters and CRM users may not change lookups (403); no sign-in is 401', async () => {
      const made = await create();
      const attempts: [CallSpec, Record<string, unknown>][] = [
        [calls.create!, { label: unique('Sneaky '), ...l.extra }],
        [calls.update!, { _id: made._id, label: 'Sneaky' }],
        [calls.setStatus!, { _id: made._id, status: 'INACTIVE' }],
      ];
      if (!calls.list!.who.includes('public')) attempts.push([calls.list!, {}]);
      for (const [spec, input] of attempts) {
        for (const token of [w.seeker.token, w.company.token, w.crmUser.token]) {
          expect((await call(t.app, spec, input, token)).status, spec.path).toBe(403);
        }
        expect((await call(t.app, spec, input)).status, spec.path).toBe(401);
      }
      const { body } = await call(t.app, calls.list!, { search: made.label }, w.root);
      expect(body.data.results[0]).toMatchObject({ label: made.label, status: 'ACTIVE' });
    });
  });
}

describe('language', () => {
  it('needs a status, as the spec says (name and status required)', async () => {
    const { status, body } = await call(t.app, language.calls.create!, { label: unique('Klingon ') }, w.platformAdmin.token);
    expect(status).toBe(400);
    expect(body.message).toBe('Please select status');
  });
});

describe('GET /job/industry/list', () => {
  it('answers every active industry, by label, to anyone; search narrows it', async () => {
    const made = (await call(t.app, industry.calls.create!, { label: unique('Aardvark Care ') }, w.platformAdmin.token)).body.data;
    const hidden = (await call(t.app, industry.calls.create!, { label: unique('Aardvark Hidden ') }, w.platformAdmin.token)).body.data;
    await call(t.app, industry.calls.setStatus!, { _id: hidden._id, status: 'INACTIVE' }, w.platformAdmin.token);

    const { status, body } = await call(t.app, industryOptions, {});
    expect(status).toBe(200);
    const labels = body.data.map((i: { label: string }) => i.label);
    expect(labels).toEqual([...labels].sort((a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(labels).toContain('Information Technology');
    expect(labels).toContain(made.label);
    expect(labels).not.toContain(hidden.label);
    expect(body.data[0]).toEqual({ _id: expect.any(String), label: expect.any(String), value: expect.any(String) });

    const searched = await call(t.app, industryOptions, { search: 'aardvark' }, w.seeker.token);
    expect(searched.body.data.map((i: { _id: string }) => i._id)).toEqual([made._id]);
  });

  it('the admin list (POST /job/industry/admin-list) is for platform admins only', async () => {
    expect((await call(t.app, industry.calls.list!, {}, w.platformAdmin.token)).status).toBe(200);
    expect((await call(t.app, industry.calls.list!, {}, w.seeker.token)).status).toBe(403);
    expect((await call(t.app, industry.calls.list!, {})).status).toBe(401);
  });
});

describe('seeded lookups', () => {
  it('skills can be found by name, with their type', async () => {
    const { body } = await call(t.app, skill.calls.list!, { search: 'typescript' });
    expect(body.data.results).toContainEqual(expect.objectContaining({ label: 'TypeScript', type: 'HARD', status: 'ACTIVE' }));
    const soft = await call(t.app, skill.calls.list!, { filter: { type: 'SOFT' }, limit: 'ALL' });
    expect(soft.body.data.totalResults).toBeGreaterThan(0);
    expect(soft.body.data.results.every((s: { type: string }) => s.type === 'SOFT')).toBe(true);
  });
});

describe('GET /api/lookups', () => {
  it('answers the fixed lookups to anyone, cacheable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/lookups' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('max-age');
    const { data } = response.json();
    expect(data).toEqual({
      jobTypes: fixed.jobTypes,
      workModels: fixed.workModels,
      experienceRanges: fixed.experienceRanges,
      salaryRanges: fixed.salaryRanges,
      salaryDurations: fixed.salaryDurations,
      travelOptions: fixed.travelOptions,
      noticePeriods: fixed.noticePeriods,
      hobbies: fixed.hobbies,
    });
    expect(data.jobTypes).toContainEqual({ label: 'Full-time', value: 1 });
    expect(data.noticePeriods[0]).toEqual({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), label: 'Available now', valueInDays: 0 });
    expect((await call(t.app, fixedLookups, {}, w.seeker.token)).status).toBe(200);
    expect((await call(t.app, fixedLookups, { extra: 1 })).status).toBe(400);
  });
});
