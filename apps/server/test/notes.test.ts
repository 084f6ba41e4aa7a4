import { crmNote } from '@app/contract/resources/crm/note';
import { describe, expect, it } from 'vitest';
import { mailTo } from './support/outbox';
import { call, type TestApp } from './support/test-app';
import { aStaffMember, unique, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

describe('notes', () => {
  it('answer the spec’s message for a missing note', async () => {
    const { status, body } = await call(t.app, crmNote.calls.create!, { note: '  ' }, w.orgA.adminToken);
    expect(status).toBe(400);
    expect(body.message).toBe('Please provide note');
  });

  it('mail the staff they notify with the note and a link, and answer them by name', async () => {
    const ann = await aStaffMember(t.app, w.orgA.adminToken, { first: 'Ann' });
    const bob = await aStaffMember(t.app, w.orgA.adminToken, { first: 'Bob' });
    const text = unique('The client wants two more CVs by Friday ');
    const created = await call(t.app, crmNote.calls.create!, { note: text, notifyTo: [ann.id], isImportant: true }, w.orgA.adminToken);
    expect(created.status, created.body.message).toBe(200);

    const [mail] = await mailTo(t.app, ann.email);
    expect(mail?.subject).toMatch(/^Important note from /);
    expect(mail?.text).toContain(text);
    expect(mail?.text).toContain(`/crm/notes?open=${created.body.data._id}`);
    expect(await mailTo(t.app, bob.email)).toEqual([]);

    const details = await call(t.app, crmNote.calls.details!, { _id: created.body.data._id }, w.orgA.adminToken);
    expect(details.body.data.notifyToStaff).toEqual([{ _id: ann.id, label: 'Ann Staff' }]);

    // An update mails only the staff it adds.
    const updated = await call(t.app, crmNote.calls.update!, { _id: created.body.data._id, notifyTo: [ann.id, bob.id] }, w.orgA.adminToken);
    expect(updated.status, updated.body.message).toBe(200);
    expect(await mailTo(t.app, ann.email)).toHaveLength(1);
    expect(await mailTo(t.app, bob.email)).toHaveLength(1);
  });

  it('refuse to notify another organisation’s staff, and mail no one then', async () => {
    const theirs = await aStaffMember(t.app, w.orgB.adminToken);
    const ours = await aStaffMember(t.app, w.orgA.adminToken);
    const { status, body } = await call(
      t.app,
      crmNote.calls.create!,
      { note: 'Secret', notifyTo: [ours.id, theirs.id] },
      w.orgA.adminToken,
    );
    expect(status).toBe(404);
    expect(body.message).toBe('Organisation Staff not found');
    expect(await mailTo(t.app, ours.email)).toEqual([]);
    expect(await mailTo(t.app, theirs.email)).toEqual([]);
  });
});
