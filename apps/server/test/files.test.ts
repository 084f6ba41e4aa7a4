import { describe, expect, it } from 'vitest';
import { cleanFileName } from '../src/services/files';
import type { TestApp } from './support/test-app';
import { type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f0f5a70000000049454e44ae426082',
  'hex',
);

const upload = (content: Buffer, filename: string, token?: string, field = 'file') => {
  const boundary = '----test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/file/upload',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
};

describe('file upload', () => {
  it('judges the type by content, cleans the name and answers an expiring signed link', async () => {
    const response = await upload(pdf, 'My CV (final) #2.pdf', w.seeker.token);
    expect(response.statusCode, response.body).toBe(200);
    const file = response.json().data;
    expect(file).toMatchObject({ originalName: 'MyCVfinal2.pdf', mimeType: 'application/pdf', size: pdf.length });
    expect(file._id).toMatch(/^[0-9a-f]{24}$/);
    const url = new URL(file.url);
    expect(url.searchParams.get('expires')).toBeTruthy();
    const read = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('application/pdf');
    expect(read.rawPayload.equals(pdf)).toBe(true);
  });

  it('refuses a tampered or expired link', async () => {
    const file = (await upload(png, 'photo.png', w.seeker.token)).json().data;
    const url = new URL(file.url);
    url.searchParams.set('signature', 'x'.repeat(43));
    expect((await t.app.inject({ method: 'GET', url: url.pathname + url.search })).statusCode).toBe(404);
    const expired = new URL(file.url);
    expired.searchParams.set('expires', '1000');
    expect((await t.app.inject({ method: 'GET', url: expired.pathname + expired.search })).statusCode).toBe(404);
  });

  it('refuses a script dressed as a PDF (415), a file over 10 MB (413), no file (400) and no sign-in (401)', async () => {
    const fake = await upload(Buffer.from('#!/bin/sh\necho hi\n'), 'cv.pdf', w.seeker.token);
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe('Only PDF, DOC, DOCX, PNG, JPEG and WEBP files are allowed');
    const big = await upload(Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]), 'big.pdf', w.seeker.token);
    expect(big.statusCode).toBe(413);
    expect((await upload(pdf, 'cv.pdf', w.seeker.token, 'other')).statusCode).toBe(400);
    expect((await upload(pdf, 'cv.pdf')).statusCode).toBe(401);
  });

  it('cleans names the spec’s way', () => {
    expect(cleanFileName('../../etc/pass wd.PDF', 'pdf')).toBe('passwd.pdf');
    expect(cleanFileName('résumé 2024.docx', 'docx')).toBe('rsum2024.docx');
    expect(cleanFileName('.hidden', 'png')).toBe('hidden.png');
  });
});
