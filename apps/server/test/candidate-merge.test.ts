import { callLog } from '@app/contract/resources/crm/call-log';
import { candidate, mergeCandidates } from '@app/contract/resources/crm/candidate';
import { candidateCv } from '@app/contract/resources/crm/candidate-cv';
import { contact } from '@app/contract/resources/crm/contact';
import { crmNote } from '@app/contract/resources/crm/note';
import { task } from '@app/contract/resources/crm/task';
import { describe, expect, it } from 'vitest';
import { aRole, permissionId } from './support/access';
import { aCandidate } from './support/candidates';
import { logsOf } from './support/entity-log';
import { call, type TestApp } from './support/test-app';
import { anUploadedFile } from './support/uploads';
import { aStaffMember, unique, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

const about = (c: { _id: string; itemId: unknown }) => [{ _id: c._id, entityType: 'Candidate' }];

describe('candidate merge', () => {
  it('moves notes, tasks and CVs to the survivor, takes the chosen fields and deletes the merged one with mergedInto', async () => {
    const token = w.orgA.adminToken;
    const survivor = await aCandidate(t.app, token, { about: 'Survivor about', linkedInLink: null });
    const merged = await aCandidate(t.app, token, {
      about: 'Merged about',
      linkedInLink: 'https://linkedin.example/m',
      gitHubLink: 'https://github.com/merged',
    });
    const note = await call(t.app, crmNote.calls.create, { note: 'About the merged one', relatedTo: about(merged) }, token);
    expect(note.status, note.body.message).toBe(200);
    const both = await call(t.app, task.calls.create, { title: 'Both', relatedTo: [...about(survivor), ...about(merged)] }, token);
    expect(both.status, both.body.message).toBe(200);
    const cv = await call(t.app, candidateCv.calls.create, { jobSeekerId: merged._id, file: await anUploadedFile(t.app, token) }, token);
    expect(cv.status, cv.body.message).toBe(200);

    const answer = await call(
      t.app,
      mergeCandidates,
      { survivorId: survivor._id, mergedId: merged._id, fields: { about: 'merged' } },
      token,
    );
    expect(answer.status, answer.body.message).toBe(200);
    expect(answer.body.data).toMatchObject({
      _id: survivor._id,
      about: 'Merged about',
      // The survivor had none: the merged one's fills it.
      linkedInLink: 'https://linkedin.example/m',
      email: survivor.email,
    });

    const movedNote = await call(t.app, crmNote.calls.details, { _id: note.body.data._id }, token);
    expect(movedNote.body.data.relatedTo).toEqual([{ _id: survivor._id, entityType: 'Candidate', itemId: survivor.itemId }]);
    const movedTask = await call(t.app, task.calls.details, { _id: both.body.data._id }, token);
    expect(movedTask.body.data.relatedTo.map((r: { _id: string }) => r._id)).toEqual([survivor._id]);
    const cvs = await call(t.app, candidateCv.calls.list, { filter: { jobSeekerId: survivor._id } }, token);
    expect(cvs.body.data.results.map((r: { _id: string }) => r._id)).toEqual([cv.body.data._id]);

    // The merged id's details answer the survivor, flagged; its update and delete are 404.
    const redirected = await call(t.app, candidate.calls.details, { _id: merged._id }, token);
    expect(redirected.status).toBe(200);
    expect(redirected.body.data).toMatchObject({ _id: survivor._id, redirectedFrom: merged._id });
    expect((await call(t.app, candidate.calls.update, { _id: merged._id, about: 'x' }, token)).status).toBe(404);
    expect((await call(t.app, candidate.calls.remove, { _id: merged._id }, token)).status).toBe(404);
    const list = await call(t.app, candidate.calls.list, { search: merged.email }, token);
    expect(list.body.data.results).toEqual([]);

    const survivorLogs = await logsOf(t.app, survivor._id);
    expect(survivorLogs.some((log) => log.action === 'MERGE' && (log.from as { mergedId: string }).mergedId === merged._id)).toBe(true);
    expect((await logsOf(t.app, merged._id)).some((log) => log.action === 'DELETE')).toBe(true);
  });

  it('leaves the survivor one default CV: its own, when both had one', async () => {
    const token = w.orgA.adminToken;
    const survivor = await aCandidate(t.app, token);
    const merged = await aCandidate(t.app, token);
    const cvOf = async (candidateId: string) => {
      const cv = await call(t.app, candidateCv.calls.create, { jobSeekerId: candidateId, file: await anUploadedFile(t.app, token) }, token);
      expect(cv.status, cv.body.message).toBe(200);
      return cv.body.data as { _id: string; isDefault: boolean };
    };
    const [own, moved] = [await cvOf(survivor._id), await cvOf(merged._id)];
    // Each candidate's first CV is their default.
    expect([own.isDefault, moved.isDefault]).toEqual([true, true]);
    const answer = await call(t.app, mergeCandidates, { survivorId: survivor._id, mergedId: merged._id }, token);
    expect(answer.status, answer.body.message).toBe(200);
    const cvs = await call(t.app, candidateCv.calls.list, { filter: { jobSeekerId: survivor._id }, limit: 'ALL' }, token);
    const defaults = cvs.body.data.results.filter((cv: { isDefault: boolean }) => cv.isDefault).map((cv: { _id: string }) => cv._id);
    expect(cvs.body.data.results).toHaveLength(2);
    expect(defaults).toEqual([own._id]);
  });

  it('refuses a candidate merged into itself (400), another organisation’s (404), the wrong user type (403) and staff without FULL (403)', async () => {
    const token = w.orgA.adminToken;
    const one = await aCandidate(t.app, token);
    const self = await call(t.app, mergeCandidates, { survivorId: one._id, mergedId: one._id }, token);
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('A candidate cannot be merged into itself');
    const theirs = await aCandidate(t.app, w.orgB.adminToken);
    expect((await call(t.app, mergeCandidates, { survivorId: one._id, mergedId: theirs._id }, token)).status).toBe(404);
    expect((await call(t.app, mergeCandidates, { survivorId: one._id, mergedId: theirs._id }, w.seeker.token)).status).toBe(403);
    const writer = await aStaffMember(t.app, token, {
      roleIds: [await aRole(t.app, token, [await permissionId(t.app, w.root, { feature: 'Candidate', level: 'WRITE' })])],
    });
    const other = await aCandidate(t.app, token);
    expect((await call(t.app, mergeCandidates, { survivorId: one._id, mergedId: other._id }, writer.token)).status).toBe(403);
    const bad = await call(t.app, mergeCandidates, { survivorId: 'nope', mergedId: other._id }, token);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('survivorId must be a valid mongoId');
  });
});

describe('candidate merge: contacts', () => {
  const aContact = async (token: string, first: string) => {
    const made = await call(t.app, contact.calls.create, { profile: { name: { first }, email: `${unique(first)}@example.com` } }, token);
    expect(made.status, made.body.message).toBe(200);
    return made.body.data._id as string;
  };

  it('the survivor keeps one self contact (following the chosen name and email) and gets both sides’ linked contacts; the merged one’s card goes', async () => {
    const token = w.orgA.adminToken;
    const [shared, survivorsOwn, mergedsOwn] = [
      await aContact(token, 'Shared'),
      await aContact(token, 'Mine'),
      await aContact(token, 'Theirs'),
    ];
    const survivor = await aCandidate(t.app, token, { contactIds: [shared, survivorsOwn] });
    const merged = await aCandidate(t.app, token, { contactIds: [shared, mergedsOwn] });
    // A call logged with the merged person's own card, and another candidate who names that card.
    const logged = await call(t.app, callLog.calls.create!, { title: 'Intro', contactIds: [merged.selfContactId, shared] }, token);
    expect(logged.status, logged.body.message).toBe(200);
    const referrer = await aCandidate(t.app, token, { contactIds: [merged.selfContactId] });
    const answer = await call(
      t.app,
      mergeCandidates,
      { survivorId: survivor._id, mergedId: merged._id, fields: { email: 'merged' } },
      token,
    );
    expect(answer.status, answer.body.message).toBe(200);
    const after = answer.body.data;
    expect(after.selfContactId).toBe(survivor.selfContactId);
    // The merged person is the survivor: their card is not left as a contact linked to themself.
    expect([...after.contactIds].sort()).toEqual([shared, survivorsOwn, mergedsOwn].sort());
    const cards = await call(t.app, contact.calls.list, { limit: 'ALL', filter: { relatedTo: survivor._id } }, token);
    const ids = cards.body.data.results.map((row: { _id: string }) => row._id);
    expect(ids).not.toContain(merged.selfContactId);
    const selfCards = cards.body.data.results.filter((row: { selfContact: boolean }) => row.selfContact);
    expect(selfCards.map((row: { _id: string }) => row._id)).toEqual([survivor.selfContactId]);
    expect(selfCards[0].profile.email).toBe(merged.email);
    expect((await call(t.app, contact.calls.details, { _id: merged.selfContactId }, token)).status).toBe(404);
    // What named the merged card names the survivor's.
    const call1 = await call(t.app, callLog.calls.details!, { _id: logged.body.data._id }, token);
    expect([...call1.body.data.contactIds].sort()).toEqual([survivor.selfContactId, shared].sort());
    const other = await call(t.app, candidate.calls.details, { _id: referrer._id }, token);
    expect(other.body.data.contactIds).toEqual([survivor.selfContactId]);
    // The merged row keeps its own (deleted) card, not the survivor's.
    const mergedLogs = await logsOf(t.app, merged.selfContactId as string);
    expect(mergedLogs.some((log) => log.action === 'DELETE')).toBe(true);
  });

  it('choosing the merged side’s preferences keeps the survivor’s desired job title where the merged one has none', async () => {
    const token = w.orgA.adminToken;
    const survivor = await aCandidate(t.app, token, { preferences: { currentJobTitle: 'Nurse', desiredJobTitle: 'Ward sister' } });
    const merged = await aCandidate(t.app, token, { preferences: { currentJobTitle: 'Staff nurse' } });
    const answer = await call(
      t.app,
      mergeCandidates,
      { survivorId: survivor._id, mergedId: merged._id, fields: { preferences: 'merged' } },
      token,
    );
    expect(answer.status, answer.body.message).toBe(200);
    expect(answer.body.data.preferences).toMatchObject({ currentJobTitle: 'Staff nurse', desiredJobTitle: 'Ward sister' });
  });

  it('a survivor without a self contact takes the merged one’s', async () => {
    const token = w.orgA.adminToken;
    const survivor = await aCandidate(t.app, token);
    await call(t.app, contact.calls.remove, { _id: survivor.selfContactId }, token);
    // Left pointing at a deleted card, the link is cleared by the merge taking the merged one's.
    const merged = await aCandidate(t.app, token);
    const answer = await call(t.app, mergeCandidates, { survivorId: survivor._id, mergedId: merged._id }, token);
    expect(answer.status, answer.body.message).toBe(200);
    expect(answer.body.data.selfContactId).toBeTruthy();
  });
});
