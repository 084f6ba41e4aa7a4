import { candidate } from '@app/contract/resources/crm/candidate';
import { describe, expect, it } from 'vitest';
import { phoneKey } from '../src/areas/crm/candidate-contact-keys';
import { aRole, permissionId } from './support/access';
import { aCandidate, candidateInput } from './support/candidates';
import { call, type TestApp } from './support/test-app';
import { aStaffMember, unique, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

/** A UK number of its own in each notation the duplicate check must see as one. */
const ukNumber = () => {
  const local = `7${String(Date.now() % 1_000_000_000).padStart(9, '0')}`;
  return { plus: `+44 ${local.slice(0, 4)} ${local.slice(4)}`, zeros: `0044${local}`, bare: `44${local}`, national: `0${local}` };
};

describe('candidate phone keys', () => {
  it('treat +44, 0044, 44 and a leading 0 alike, and ignore everything but digits', () => {
    const keys = ['+44 7700 900123', '0044 7700 900123', '447700900123', '07700 900123', '(0)7700-900-123'].map(phoneKey);
    expect(new Set(keys)).toEqual(new Set(['7700900123']));
  });
});

describe('candidate duplicates', () => {
  it('name one the caller may not see (OWN scope) by its number only', async () => {
    const permission = await permissionId(t.app, w.root, { feature: 'Candidate', level: 'WRITE', scope: 'OWN' });
    const own = await aStaffMember(t.app, w.orgA.adminToken, { roleIds: [await aRole(t.app, w.orgA.adminToken, [permission])] });
    const theirs = await aCandidate(t.app, w.orgA.adminToken);
    const again = await call(t.app, candidate.calls.create, candidateInput({ email: theirs.email }), own.token);
    expect(again.status).toBe(409);
    expect(again.body.data.duplicates).toEqual([
      { _id: theirs._id, itemId: theirs.itemId, visible: false, name: null, email: null, phone: null },
    ]);
    const mine = await aCandidate(t.app, own.token);
    const twice = await call(t.app, candidate.calls.create, candidateInput({ phone: mine.phone }), own.token);
    expect(twice.body.data.duplicates).toEqual([expect.objectContaining({ _id: mine._id, visible: true, name: mine.name })]);
  });

  it('a create with an email already a candidate’s (any case, spaces) is a 409 listing it', async () => {
    const first = await aCandidate(t.app, w.orgA.adminToken);
    const again = await call(
      t.app,
      candidate.calls.create,
      candidateInput({ email: `  ${first.email.toUpperCase()} ` }),
      w.orgA.adminToken,
    );
    expect(again.status).toBe(409);
    expect(again.body.data.duplicates).toEqual([
      { _id: first._id, itemId: first.itemId, visible: true, name: first.name, email: first.email, phone: first.phone },
    ]);
  });

  it('a create with the same phone in another notation is a 409; createAnyway makes it', async () => {
    const number = ukNumber();
    const first = await aCandidate(t.app, w.orgA.adminToken, { phone: number.plus });
    for (const phone of [number.zeros, number.bare, number.national]) {
      const again = await call(t.app, candidate.calls.create, candidateInput({ phone }), w.orgA.adminToken);
      expect(again.status, phone).toBe(409);
      expect(again.body.data.duplicates.map((d: { _id: string }) => d._id)).toEqual([first._id]);
    }
    const anyway = await call(
      t.app,
      candidate.calls.create,
      candidateInput({ phone: number.national, createAnyway: true }),
      w.orgA.adminToken,
    );
    expect(anyway.status).toBe(200);
    expect(anyway.body.data).not.toHaveProperty('createAnyway');
  });

  it('an update of email or phone onto another candidate’s is a 409 unless createAnyway; other updates are not checked', async () => {
    const first = await aCandidate(t.app, w.orgA.adminToken);
    const second = await aCandidate(t.app, w.orgA.adminToken);
    const onto = await call(t.app, candidate.calls.update, { _id: second._id, email: first.email }, w.orgA.adminToken);
    expect(onto.status).toBe(409);
    expect(onto.body.data.duplicates[0]._id).toBe(first._id);
    const phone = await call(t.app, candidate.calls.update, { _id: second._id, phone: first.phone }, w.orgA.adminToken);
    expect(phone.status).toBe(409);
    const about = await call(t.app, candidate.calls.update, { _id: second._id, about: 'Unrelated change' }, w.orgA.adminToken);
    expect(about.status).toBe(200);
    // Its own email again is no duplicate of itself.
    const same = await call(t.app, candidate.calls.update, { _id: second._id, email: second.email.toUpperCase() }, w.orgA.adminToken);
    expect(same.status).toBe(200);
    const anyway = await call(
      t.app,
      candidate.calls.update,
      { _id: second._id, email: first.email, createAnyway: true },
      w.orgA.adminToken,
    );
    expect(anyway.status).toBe(200);
  });

  it('another organisation’s candidates and deleted ones are no duplicates', async () => {
    const theirs = await aCandidate(t.app, w.orgB.adminToken);
    const ours = await call(t.app, candidate.calls.create, candidateInput({ email: theirs.email, phone: theirs.phone }), w.orgA.adminToken);
    expect(ours.status).toBe(200);
    const gone = await aCandidate(t.app, w.orgA.adminToken, { email: `${unique('gone')}@example.com` });
    expect((await call(t.app, candidate.calls.remove, { _id: gone._id }, w.orgA.adminToken)).status).toBe(200);
    const back = await call(t.app, candidate.calls.create, candidateInput({ email: gone.email }), w.orgA.adminToken);
    expect(back.status).toBe(200);
  });
});
