import {
  adminNote,
  employeeCard,
  employeeCardWhatsApp,
  engagementTemplate,
  publicCardBySlug,
  publicCardDetails,
  publicCards,
  removeEngagementTemplate,
} from '@app/contract/resources/content/article';
import { describe, expect, it } from 'vitest';
import { aCard as makeCard } from '../support/content';
import { type BoardWorld, idsOf, withBoard } from '../support/job-board';
import { call, type TestApp } from '../support/test-app';
import { unique } from '../support/world';

let t: TestApp;
let w: BoardWorld;
withBoard((app, world) => {
  t = app;
  w = world;
});

const missingId = 'a'.repeat(24);
const outsiders = () => [w.seeker.token, w.company.token, w.crmUser.token];

describe('Admin notes: /admin/note/*', () => {
  const { calls } = adminNote;
  it('adds, updates and lists a user’s notes; asks for the note and a valid userId; 404 and 403', async () => {
    const userId = w.seeker.userId;
    const made = await call(t.app, calls.create!, { userId, note: 'Called about CV' }, w.platformAdmin.token);
    expect(made.status, made.body.message).toBe(200);
    expect(made.body.data).toMatchObject({ userId, note: 'Called about CV' });
    const up = await call(t.app, calls.update!, { _id: made.body.data._id, note: 'Called twice' }, w.root);
    expect(up.body.data).toMatchObject({ userId, note: 'Called twice' });
    await call(t.app, calls.create!, { userId: w.otherSeeker.userId, note: 'Other' }, w.root);
    const list = await call(t.app, calls.list!, { filter: { userId } }, w.platformAdmin.token);
    expect(idsOf(list.body)).toEqual([made.body.data._id]);
    const noNote = await call(t.app, calls.create!, { userId }, w.root);
    expect(noNote.body.message).toBe('Please enter note');
    const badUser = await call(t.app, calls.create!, { userId: 'x', note: 'n' }, w.root);
    expect(badUser.body.message).toBe('userId must be a valid mongoId');
    expect((await call(t.app, calls.update!, { _id: missingId, note: 'n' }, w.root)).status).toBe(404);
    for (const token of outsiders()) {
      expect((await call(t.app, calls.create!, { userId, note: 'n' }, token)).status).toBe(403);
      expect((await call(t.app, calls.list!, {}, token)).status).toBe(403);
      expect((await call(t.app, calls.update!, { _id: made.body.data._id, note: 'n' }, token)).status).toBe(403);
    }
  });
});

describe('Engagement templates: /admin/engagement/template*', () => {
  const { calls } = engagementTemplate;
  it('adds, updates, lists and deletes by path id; content is sanitised', async () => {
    const name = unique('Welcome ');
    const made = await call(
      t.app,
      calls.create!,
      { name, content: '<p>Hello {{name}}</p><script>alert(1)</script><img src="x" onerror="alert(2)">' },
      w.platformAdmin.token,
    );
    expect(made.status, made.body.message).toBe(200);
    expect(made.body.data.content).not.toMatch(/script|onerror|alert/);
    expect(made.body.data.content).toContain('<p>Hello {{name}}</p>');
    const id = made.body.data._id as string;
    const up = await call(t.app, calls.update!, { _id: id, name: `${name} v2` }, w.root);
    expect(up.body.data.name).toBe(`${name} v2`);
    const list = await call(t.app, calls.list!, { search: name }, w.platformAdmin.token);
    expect(idsOf(list.body)).toEqual([id]);
    const filtered = await call(t.app, calls.list!, { filter: { status: 'ACTIVE' } }, w.platformAdmin.token);
    expect(filtered.status).toBe(400);
    const removed = await call(t.app, removeEngagementTemplate, { id }, w.platformAdmin.token);
    expect(removed.status, removed.body.message).toBe(200);
    expect((await call(t.app, removeEngagementTemplate, { id }, w.platformAdmin.token)).status).toBe(404);
    expect(idsOf((await call(t.app, calls.list!, { search: name }, w.root)).body)).toEqual([]);
  });

  it('asks for name and content; 404 for unknown ids; 403 for non-admins', async () => {
    expect((await call(t.app, calls.create!, { content: 'x' }, w.root)).body.message).toBe('Please enter name');
    expect((await call(t.app, calls.create!, { name: 'x' }, w.root)).body.message).toBe('Please enter content');
    expect((await call(t.app, calls.update!, { _id: missingId, name: 'x' }, w.root)).status).toBe(404);
    expect((await call(t.app, removeEngagementTemplate, { id: 'bad' }, w.root)).body.message).toBe('_id must be a valid mongoId');
    for (const token of outsiders()) {
      expect((await call(t.app, calls.create!, { name: 'x', content: 'y' }, token)).status).toBe(403);
      expect((await call(t.app, calls.list!, {}, token)).status).toBe(403);
      expect((await call(t.app, removeEngagementTemplate, { id: missingId }, token)).status).toBe(403);
    }
  });
});

describe('Employee business cards: /admin/employee/card/*, /employee/businesscard/*', () => {
  const { calls } = employeeCard;
  const aCard = (overrides: Record<string, unknown> = {}) => makeCard(t.app, w.platformAdmin.token, overrides);

  it('adds, updates, finds, lists, sets WhatsApp and status', async () => {
    const card = await aCard();
    expect(card).toMatchObject({ status: 'ACTIVE', isWhatsapp: false, email: 'sam@example.com' });
    const up = await call(t.app, calls.update!, { _id: card._id, designation: 'Lead' }, w.root);
    expect(up.body.data).toMatchObject({ designation: 'Lead', slug: card.slug });
    expect((await call(t.app, calls.details!, { _id: card._id }, w.platformAdmin.token)).body.data.designation).toBe('Lead');
    const wa = await call(t.app, employeeCardWhatsApp, { _id: card._id, isWhatsapp: true }, w.platformAdmin.token);
    expect(wa.status, wa.body.message).toBe(200);
    expect(wa.body.data.isWhatsapp).toBe(true);
    const st = await call(t.app, calls.setStatus!, { _id: card._id, status: 'INACTIVE' }, w.platformAdmin.token);
    expect(st.body.data.status).toBe('INACTIVE');
    const list = await call(t.app, calls.list!, { filter: { status: 'INACTIVE' }, limit: 'ALL' }, w.platformAdmin.token);
    expect(idsOf(list.body)).toContain(card._id);
  });

  it('asks for name, phone (at least 12, a phone) and slug; slugs are unique; unknown ids 404; non-admins 403', async () => {
    const noName = await call(t.app, calls.create!, { phone: '+44770090012', slug: unique('x-') }, w.root);
    expect(noName.status).toBe(400);
    expect(noName.body.data.errors).toContainEqual({ field: 'name', message: 'Please enter the name shown on the card' });
    const notAPhone = await call(t.app, calls.create!, { name: 'Jo', phone: 'call me please', slug: unique('x-') }, w.root);
    expect(notAPhone.body.message).toBe('Please enter a valid phone number, such as +44 7700 900123');
    const notALink = await call(
      t.app,
      calls.create!,
      { name: 'Jo', phone: '+44770090012', slug: unique('x-'), website: 'my site' },
      w.root,
    );
    expect(notALink.body.data.errors).toContainEqual({
      field: 'website',
      message: 'Please enter the website’s address, such as https://example.com',
    });
    const missingPhone = await call(t.app, calls.create!, { slug: unique('x-') }, w.root);
    expect(missingPhone.status).toBe(400);
    expect(missingPhone.body.data.errors).toContainEqual({ field: 'phone', message: expect.any(String) });
    const short = await call(t.app, calls.create!, { name: 'Jo', phone: '0770090', slug: unique('x-') }, w.root);
    expect(short.body.message).toBe('Phone must be at least 12 characters.');
    const noSlug = await call(t.app, calls.create!, { name: 'Jo', phone: '+44770090012' }, w.root);
    expect(noSlug.status).toBe(400);
    expect(noSlug.body.data.errors[0].field).toBe('slug');
    const badSlug = await call(t.app, calls.create!, { name: 'Jo', phone: '+44770090012', slug: 'Not OK' }, w.root);
    expect(badSlug.body.message).toBe('Only a-z, 0-9 and "-" are allowed.');
    const card = await aCard();
    expect((await call(t.app, calls.create!, { name: 'Jo', phone: '+44770090012', slug: card.slug }, w.root)).status).toBe(409);
    expect((await call(t.app, calls.details!, { _id: missingId }, w.root)).status).toBe(404);
    expect((await call(t.app, employeeCardWhatsApp, { _id: missingId, isWhatsapp: true }, w.root)).status).toBe(404);
    expect((await call(t.app, calls.setStatus!, { _id: missingId, status: 'ACTIVE' }, w.root)).status).toBe(404);
    for (const token of outsiders()) {
      expect((await call(t.app, calls.create!, { phone: '+44770090012', slug: unique('x-') }, token)).status).toBe(403);
      expect((await call(t.app, calls.list!, {}, token)).status).toBe(403);
      expect((await call(t.app, calls.details!, { _id: card._id }, token)).status).toBe(403);
      expect((await call(t.app, employeeCardWhatsApp, { _id: card._id, isWhatsapp: true }, token)).status).toBe(403);
      expect((await call(t.app, calls.setStatus!, { _id: card._id, status: 'ACTIVE' }, token)).status).toBe(403);
    }
  });

  it('the public sees only active cards', async () => {
    const name = unique('Public Card ');
    const active = await aCard({ name });
    const inactive = await aCard({ name, status: 'INACTIVE' });
    const list = await call(t.app, publicCards, { search: name });
    expect(list.status, list.body.message).toBe(200);
    expect(idsOf(list.body)).toEqual([active._id]);
    expect((await call(t.app, publicCardDetails, { _id: active._id })).body.data.name).toBe(name);
    expect((await call(t.app, publicCardBySlug, { slug: active.slug })).body.data._id).toBe(active._id);
    expect((await call(t.app, publicCardDetails, { _id: inactive._id })).status).toBe(404);
    expect((await call(t.app, publicCardBySlug, { slug: inactive.slug })).status).toBe(404);
    expect((await call(t.app, publicCardDetails, { _id: missingId })).status).toBe(404);
  });
});
