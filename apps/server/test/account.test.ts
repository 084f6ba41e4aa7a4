import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { me, myPermissions } from '@app/contract/resources/auth';
import { organisationLookup } from '@app/contract/resources/organisation';
import { myProfile } from '@app/contract/resources/organisation-staff';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { readConfig } from '../src/config';
import { call, type TestApp } from './support/test-app';
import { type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

describe('what the screens read about the signed-in user', () => {
  it('me names the organisation', async () => {
    const { body } = await call(t.app, me, {}, w.orgA.adminToken);
    expect(body.data.organisationName).toBe(w.orgA.record.name);
    expect((await call(t.app, me, {}, w.root)).body.data.organisationName).toBeNull();
  });

  it('permissions: the organisation admin may do everything; staff without roles nothing', async () => {
    expect((await call(t.app, myPermissions, {}, w.orgA.adminToken)).body.data).toEqual({ isOrganisationAdmin: true, grants: [] });
    expect((await call(t.app, myPermissions, {}, w.staffA.token)).body.data).toEqual({ isOrganisationAdmin: false, grants: [] });
    expect((await call(t.app, myPermissions, {})).status).toBe(401);
  });

  it('my profile answers the caller’s own record, without secrets', async () => {
    const { status, body } = await call(t.app, myProfile, {}, w.staffA.token);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ _id: w.staffA.id, email: w.staffA.email });
    expect(body.data).not.toHaveProperty('passwordHash');
    expect((await call(t.app, myProfile, {}, w.seeker.token)).status).toBe(403);
  });

  it('platform admins read every organisation’s name; staff may not', async () => {
    const { body } = await call(t.app, organisationLookup, {}, w.platformAdmin.token);
    expect(body.data.map((o: { _id: string }) => o._id)).toEqual(expect.arrayContaining([w.orgA.id, w.orgB.id]));
    expect((await call(t.app, organisationLookup, {}, w.orgA.adminToken)).status).toBe(403);
  });
});

describe('the web app', () => {
  it('serves files of the build, answers browser routes with the app, and keeps /api answers as JSON', async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'recruit-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    const app = await buildApp({ config: { ...readConfig({}), inMemory: true, dataDir: webDist, logLevel: 'silent', webDist } });
    try {
      fs.writeFileSync(path.join(webDist, 'assets', 'later.js'), 'console.log(1)');
      const asset = await app.inject({ method: 'GET', url: '/assets/later.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.body).toBe('console.log(1)');
      const root = await app.inject({ method: 'GET', url: '/' });
      expect(root.statusCode).toBe(200);
      expect(root.headers['content-type']).toContain('text/html');
      const route = await app.inject({ method: 'GET', url: '/crm/staff?page=2' });
      expect(route.statusCode).toBe(200);
      expect(route.headers['content-type']).toContain('text/html');
      const api = await app.inject({ method: 'GET', url: '/api/no-such-call' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ success: false });
    } finally {
      await app.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  });
});
