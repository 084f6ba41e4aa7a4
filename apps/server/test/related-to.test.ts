import { client } from '@app/contract/resources/crm/client';
import { crmNote } from '@app/contract/resources/crm/note';
import { task } from '@app/contract/resources/crm/task';
import { skill } from '@app/contract/resources/job-board/lookups';
import { describe, expect, it } from 'vitest';
import { call, type TestApp } from './support/test-app';
import { unique, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

const aClient = async (token: string) => {
  const { status, body } = await call(
    t.app,
    client.calls.create!,
    { name: unique('Acme '), email: `${unique('talent')}@acme.example` },
    token,
  );
  expect(status).toBe(200);
  return body.data as { _id: string; itemId: { prefix: string; number: number; combined: string } };
};

const aNote = (relatedTo: unknown, token = w.orgA.adminToken) =>
  call(t.app, crmNote.calls.create!, { note: unique('About them '), relatedTo }, token);

describe('relatedTo, checked by the engine for every resource that has one', () => {
  it('takes a live client of the caller’s organisation and stores the client’s own itemId', async () => {
    const acme = await aClient(w.orgA.adminToken);
    const { status, body } = await aNote([{ _id: acme._id, entityType: 'Client', itemId: { combined: 'CLI-999999' } }]);
    expect(status, body.message).toBe(200);
    expect(body.data.relatedTo).toEqual([{ _id: acme._id, entityType: 'Client', itemId: acme.itemId }]);
  });

  it('answers another organisation’s client, or a deleted one, as a 404 naming the client', async () => {
    const theirs = await aClient(w.orgB.adminToken);
    const other = await aNote([{ _id: theirs._id, entityType: 'Client' }]);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('Client not found');

    const gone = await aClient(w.orgA.adminToken);
    expect((await call(t.app, client.calls.remove!, { _id: gone._id }, w.orgA.adminToken)).status).toBe(200);
    const deleted = await aNote([{ _id: gone._id, entityType: 'Client' }]);
    expect(deleted.status).toBe(404);
    expect(deleted.body.message).toBe('Client not found');
  });

  it('refuses an entity type that is no organisation’s resource with a 400', async () => {
    const acme = await aClient(w.orgA.adminToken);
    const unknown = await aNote([{ _id: acme._id, entityType: 'Spaceship' }]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Unknown related entity type "Spaceship"');
    const created = await call(t.app, skill.calls.create!, { label: unique('Skill ') }, w.root);
    expect(created.status, created.body.message).toBe(200);
    const catalogue = await aNote([{ _id: created.body.data._id, entityType: 'Skill' }]);
    expect(catalogue.status).toBe(400);
    expect(catalogue.body.message).toBe('Unknown related entity type "Skill"');
  });

  it('checks an update too, and a task’s list as a note’s', async () => {
    const acme = await aClient(w.orgA.adminToken);
    const theirs = await aClient(w.orgB.adminToken);
    const note = await aNote([{ _id: acme._id, entityType: 'Client' }]);
    const moved = await call(
      t.app,
      crmNote.calls.update!,
      { _id: note.body.data._id, relatedTo: [{ _id: theirs._id, entityType: 'Client' }] },
      w.orgA.adminToken,
    );
    expect(moved.status).toBe(404);
    const details = await call(t.app, crmNote.calls.details!, { _id: note.body.data._id }, w.orgA.adminToken);
    expect(details.body.data.relatedTo.map((r: { _id: string }) => r._id)).toEqual([acme._id]);

    const refused = await call(
      t.app,
      task.calls.create!,
      { title: 'Call them', relatedTo: [{ _id: theirs._id, entityType: 'Client' }] },
      w.orgA.adminToken,
    );
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('Client not found');
  });

  it('lets a record’s page list only the notes and tasks related to it', async () => {
    const acme = await aClient(w.orgA.adminToken);
    const globex = await aClient(w.orgA.adminToken);
    const onAcme = await aNote([{ _id: acme._id, entityType: 'Client' }]);
    await aNote([{ _id: globex._id, entityType: 'Client' }]);
    const notes = await call(t.app, crmNote.calls.list!, { filter: { relatedTo: acme._id }, limit: 'ALL' }, w.orgA.adminToken);
    expect(notes.body.data.results.map((r: { _id: string }) => r._id)).toEqual([onAcme.body.data._id]);

    const acmeTask = await call(
      t.app,
      task.calls.create!,
      { title: 'Send terms', relatedTo: [{ _id: acme._id, entityType: 'Client' }] },
      w.orgA.adminToken,
    );
    const tasks = await call(t.app, task.calls.list!, { filter: { relatedTo: [acme._id] }, limit: 'ALL' }, w.orgA.adminToken);
    expect(tasks.body.data.results.map((r: { _id: string }) => r._id)).toEqual([acmeTask.body.data._id]);
  });
});
