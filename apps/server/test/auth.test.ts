import { forgotPassword, login, logout, me, resetPassword, sendOtp } from '@app/contract/resources/auth';
import { organisationStaff } from '@app/contract/resources/organisation-staff';
import { describe, expect, it } from 'vitest';
import { codeIn, mailTo } from './support/outbox';
import { call, superAdmin, type TestApp } from './support/test-app';
import { aStaffMember, password, signIn, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

describe('sign-in', () => {
  it('answers a token and the user, and sets an httpOnly cookie that works too', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: superAdmin.email, password: superAdmin.password },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.user).toMatchObject({ email: superAdmin.email, userType: 'SUPER_ADMIN', organisationId: null });
    expect(body.data.user).not.toHaveProperty('passwordHash');
    const cookie = response.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', value: body.data.token });
    const viaCookie = await t.app.inject({ method: 'GET', url: '/api/auth/me', cookies: { sid: body.data.token } });
    expect(viaCookie.json().data.email).toBe(superAdmin.email);
  });

  it('sets a readable signed_in cookie beside the session, which sign-out and a gone session clear', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: superAdmin.email, password: superAdmin.password },
    });
    // The web app reads it to know whether asking /auth/me is worth it (a signed-out visit asks nothing).
    expect(response.cookies.find((c) => c.name === 'signed_in')).toMatchObject({ value: '1', sameSite: 'Lax', path: '/' });
    expect(response.cookies.find((c) => c.name === 'signed_in')?.httpOnly).toBeFalsy();
    const token = response.json().data.token as string;
    const cleared = (cookies: { name: string; value: string; maxAge?: number; expires?: Date }[], name: string) => {
      const cookie = cookies.find((c) => c.name === name);
      return Boolean(cookie && cookie.value === '' && (cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() < Date.now())));
    };
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { sid: token, signed_in: '1' } });
    expect(out.statusCode).toBe(200);
    expect(cleared(out.cookies, 'signed_in')).toBe(true);
    expect(cleared(out.cookies, 'sid')).toBe(true);
    const gone = await t.app.inject({ method: 'GET', url: '/api/auth/me', cookies: { sid: token, signed_in: '1' } });
    expect(gone.statusCode).toBe(401);
    expect(cleared(gone.cookies, 'signed_in')).toBe(true);
    // Signing in again over the stale cookies sets fresh ones.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: superAdmin.email, password: superAdmin.password },
      cookies: { sid: token, signed_in: '1' },
    });
    expect(again.cookies.filter((c) => c.name === 'signed_in').at(-1)).toMatchObject({ value: '1' });
    expect(again.cookies.filter((c) => c.name === 'sid').at(-1)).toMatchObject({ value: again.json().data.token });
  });

  it('gives staff their organisation', async () => {
    const { body } = await call(t.app, me, {}, w.orgA.adminToken);
    expect(body.data).toMatchObject({ userType: 'CRM_USER', organisationId: w.orgA.id });
  });

  it('says the same for a wrong password and an unknown email', async () => {
    const wrong = await call(t.app, login, { email: superAdmin.email, password: 'wrong-password' });
    const unknown = await call(t.app, login, { email: 'nobody@example.com', password: 'wrong-password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);
  });

  it('gives the spec messages for missing fields', async () => {
    const { status, body } = await call(t.app, login, {});
    expect(status).toBe(400);
    expect(body.message).toBe('Please enter email');
    expect(body.data.errors).toContainEqual({ field: 'password', message: 'Please enter password' });
  });

  it('locks an address out of an account after five wrong passwords (429), even with the right one', async () => {
    const staff = await aStaffMember(t.app, w.orgA.adminToken);
    for (let i = 0; i < 5; i++) expect((await call(t.app, login, { email: staff.email, password: 'wrong-password' })).status).toBe(401);
    const locked = await call(t.app, login, { email: staff.email, password });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('Too many sign-in attempts. Please wait a few minutes and try again.');
  });

  it('refuses an inactive account', async () => {
    const staff = await aStaffMember(t.app, w.orgA.adminToken);
    await call(t.app, organisationStaff.calls.setStatus!, { _id: staff.id, status: 'INACTIVE' }, w.orgA.adminToken);
    expect((await call(t.app, me, {}, staff.token)).status).toBe(401);
    expect((await call(t.app, login, { email: staff.email, password })).status).toBe(403);
  });

  it('logout ends the session', async () => {
    const token = await signIn(t.app, superAdmin.email, superAdmin.password);
    expect((await call(t.app, logout, {}, token)).status).toBe(200);
    expect((await call(t.app, me, {}, token)).status).toBe(401);
  });
});

describe('forgot and reset password', () => {
  it('mails a link whose token sets a new password and ends every session', async () => {
    const staff = await aStaffMember(t.app, w.orgA.adminToken);
    const { status } = await call(t.app, forgotPassword, { email: staff.email });
    expect(status).toBe(200);
    const [mail] = await mailTo(t.app, staff.email);
    const token = decodeURIComponent(mail!.text.match(/token=([^\s]+)/)![1]!);
    expect(mail!.text).toContain('http://localhost:3000/reset-password?token=');
    const reset = await call(t.app, resetPassword, { token, password: 'A-new-passw0rd' });
    expect(reset.status, reset.body.message).toBe(200);
    expect((await call(t.app, me, {}, staff.token)).status).toBe(401);
    expect((await call(t.app, login, { email: staff.email, password: 'A-new-passw0rd' })).status).toBe(200);
    const reused = await call(t.app, resetPassword, { token, password: 'Another-passw0rd' });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe('The reset link is invalid or has expired');
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const { status, body } = await call(t.app, forgotPassword, { email: 'ghost@example.com' });
    expect(status).toBe(200);
    expect(body.message).toMatch(/If the address is registered/);
    expect(await mailTo(t.app, 'ghost@example.com')).toEqual([]);
  });

  it('asks for at least 8 characters', async () => {
    const { status, body } = await call(t.app, resetPassword, { token: 'x'.repeat(43), password: 'short' });
    expect(status).toBe(400);
    expect(body.message).toBe('Password must be at least 8 characters.');
  });
});

describe('send-otp', () => {
  it('sends otp to the current email and secondaryOtp to the new one, once a minute', async () => {
    const staff = await aStaffMember(t.app, w.orgA.adminToken);
    const newEmail = `new-${staff.email}`;
    const { status, body } = await call(t.app, sendOtp, { purpose: 'update-email', newValue: newEmail }, staff.token);
    expect(status, body.message).toBe(200);
    const [toOld] = await mailTo(t.app, staff.email);
    const [toNew] = await mailTo(t.app, newEmail);
    expect(codeIn(toOld!.text)).toMatch(/^\d{6}$/);
    expect(codeIn(toNew!.text)).toMatch(/^\d{6}$/);
    expect(JSON.stringify(body)).not.toContain(codeIn(toOld!.text));
    const again = await call(t.app, sendOtp, { purpose: 'update-email', newValue: newEmail }, staff.token);
    expect(again.status).toBe(429);
  });

  it('texts codes for a phone change', async () => {
    const staff = await aStaffMember(t.app, w.orgA.adminToken);
    const { status } = await call(t.app, sendOtp, { purpose: 'update-phone', newValue: '+447700900999' }, staff.token);
    expect(status).toBe(200);
    expect((await mailTo(t.app, '+447700900999'))[0]?.subject).toBe('SMS');
  });

  it('refuses an email someone already has (409) and an unknown purpose (400)', async () => {
    expect((await call(t.app, sendOtp, { purpose: 'update-email', newValue: superAdmin.email }, w.staffA.token)).status).toBe(409);
    expect((await call(t.app, sendOtp, { purpose: 'update-name', newValue: 'x' }, w.staffA.token)).status).toBe(400);
    expect((await call(t.app, sendOtp, { purpose: 'update-email', newValue: 'a@b.co' })).status).toBe(401);
  });
});

describe('conventions', () => {
  it('malformed JSON, a wrong content type and an unknown call are 4xx envelopes, never 500', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 400, success: false, data: null });
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(wrongType.statusCode).toBe(400);
    const unknown = await t.app.inject({ method: 'POST', url: '/api/no/such/call' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 404, success: false });
  });

  it('serves OpenAPI 3.1 built from the same schemas, and the docs page', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    const create = doc.paths['/api/organisation/'].post;
    expect(create.requestBody.content['application/json'].schema.properties).toHaveProperty('adminUser');
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });
});
