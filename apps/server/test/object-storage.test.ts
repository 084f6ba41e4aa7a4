import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cv } from '@app/contract/resources/job-board/cv';
import { jobSeekerCvUrl } from '@app/contract/resources/job-board/job-seeker';
import { CreateBucketCommand, DeleteObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config';
import { parseS3Url } from '../src/services/storage/s3-config';
import { pdfText } from './documents/extract';
import { aSeeker, cvInput, type Seeker } from './support/job-board';
import { postFile, readSignedUrl, samplePdf, samplePng } from './support/multipart';
import { call, startTestApp, type TestApp } from './support/test-app';

const bucket = 'recruit-files';
let server: S3rver;
let s3Directory: string;
let dataDir: string;
let s3: S3Client;
let t: TestApp;
let seeker: Seeker;

beforeAll(async () => {
  s3Directory = fs.mkdtempSync(path.join(os.tmpdir(), 'recruit-s3-'));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recruit-data-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Directory });
  const { port } = await server.run();
  s3 = new S3Client({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'eu-west-2',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  // Configured the way an operator would: one S3_URL.
  const config = readConfig({ S3_URL: `s3://S3RVER:S3RVER@127.0.0.1:${port}/${bucket}?region=eu-west-2` });
  t = await startTestApp({ dataDir, config: { s3: config.s3 } });
  seeker = await aSeeker(t.app);
});

afterAll(async () => {
  await t?.close();
  s3?.destroy();
  await server?.close();
  fs.rmSync(s3Directory, { recursive: true, force: true });
});

const objectKeys = async () => {
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: bucket }));
  return (listed.Contents ?? []).map((object) => object.Key);
};

const filesOnDisk = () => fs.readdirSync(dataDir, { recursive: true }).filter((entry) => String(entry).startsWith('files'));

const upload = async (content: Buffer, filename: string) => {
  const response = await postFile(t.app, '/api/file/upload', { content, filename, token: seeker.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { blobName: string; mimeType: string; url: string };
};

describe('files in an S3-compatible bucket (S3_URL set)', () => {
  it('an upload is an object in the bucket with its content type, and nothing under DATA_DIR/files', async () => {
    const file = await upload(samplePdf, 'My CV.pdf');
    expect(await objectKeys()).toContain(file.blobName);
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: file.blobName }));
    expect(head.ContentType).toBe('application/pdf');
    expect(head.ContentLength).toBe(samplePdf.length);
    expect(filesOnDisk()).toEqual([]);
  });

  it('the signed link reads the same bytes and content type from the bucket', async () => {
    for (const [content, name, type] of [
      [samplePdf, 'cv.pdf', 'application/pdf'],
      [samplePng, 'me.png', 'image/png'],
    ] as const) {
      const file = await upload(content, name);
      const read = await readSignedUrl(t.app, file.url);
      expect(read.statusCode).toBe(200);
      expect(read.headers['content-type']).toBe(type);
      expect(read.headers['content-length']).toBe(String(content.length));
      expect(read.rawPayload.equals(content)).toBe(true);
    }
  });

  it('a forged or expired link is a 404, as is a link to an object gone from the bucket', async () => {
    const file = await upload(samplePng, 'photo.png');
    const forged = new URL(file.url);
    forged.searchParams.set('signature', 'x'.repeat(43));
    expect((await readSignedUrl(t.app, forged.toString())).statusCode).toBe(404);
    const expired = new URL(file.url);
    expired.searchParams.set('expires', '1000');
    expect((await readSignedUrl(t.app, expired.toString())).statusCode).toBe(404);
    const otherName = new URL(file.url);
    otherName.searchParams.set('name', 'uploads/00/00000000000000000000000000000000.png');
    expect((await readSignedUrl(t.app, otherName.toString())).statusCode).toBe(404);
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: file.blobName }));
    expect((await readSignedUrl(t.app, file.url)).statusCode).toBe(404);
  });

  it('a drawn CV PDF (getCvUrl) is kept in and served from the bucket', async () => {
    const made = await call(
      t.app,
      cv.calls.create!,
      cvInput({ cvTitle: 'Bucket CV', name: { first: 'Grace', last: 'Hopper' }, designation: 'Rear Admiral', email: 'grace@example.com' }),
      seeker.token,
    );
    expect(made.status, made.body.message).toBe(200);
    const answer = await call(t.app, jobSeekerCvUrl, { cvId: made.body.data._id }, seeker.token);
    expect(answer.status, answer.body.message).toBe(200);
    const { blobName } = answer.body.data.file;
    expect(blobName).toMatch(/^documents\//);
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: blobName }));
    expect(head.ContentType).toBe('application/pdf');
    const download = await readSignedUrl(t.app, answer.body.data.url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect((await pdfText(download.rawPayload)).text).toContain('Grace Hopper');
    // Asked again, the kept object is served (the same name), still not from DATA_DIR/files.
    const again = await call(t.app, jobSeekerCvUrl, { cvId: made.body.data._id }, seeker.token);
    expect(again.body.data.file.blobName).toBe(blobName);
    expect((await readSignedUrl(t.app, again.body.data.url)).rawPayload.equals(download.rawPayload)).toBe(true);
    expect(filesOnDisk()).toEqual([]);
  });
  it('a CV photo kept in the bucket is read back and drawn into the PDF', async () => {
    // A well-formed 1×1 PNG (the shared sample's pixel data does not inflate, which the renderer refuses).
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYGAAAAAEAAH2FzhVAAAAAElFTkSuQmCC', 'base64');
    const photo = await upload(png, 'me.png');
    const { url: _url, ...profileImg } = photo as typeof photo & { _id: string };
    const made = await call(t.app, cv.calls.create!, cvInput({ cvTitle: 'Photo CV', templateSlug: 'modern', profileImg }), seeker.token);
    expect(made.status, made.body.message).toBe(200);
    const answer = await call(t.app, jobSeekerCvUrl, { cvId: made.body.data._id }, seeker.token);
    expect(answer.status, answer.body.message).toBe(200);
    const download = await readSignedUrl(t.app, answer.body.data.url);
    expect(download.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    // The image came from the bucket: with the object gone, the next drawing has none.
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: photo.blobName }));
    await call(t.app, cv.calls.update!, { _id: made.body.data._id, designation: 'Countess' }, seeker.token);
    const redrawn = await call(t.app, jobSeekerCvUrl, { cvId: made.body.data._id }, seeker.token);
    expect(redrawn.status, redrawn.body.message).toBe(200);
    expect((await readSignedUrl(t.app, redrawn.body.data.url)).rawPayload.toString('latin1')).not.toContain('/Subtype /Image');
  });
});

describe('S3 configuration', () => {
  it('S3_URL: http unless tls=true, https:// as given, path-style and us-east-1 by default', () => {
    expect(parseS3Url('s3://AKIA:se%2Fcret@minio.local:9000/files')).toEqual({
      endpoint: 'http://minio.local:9000',
      bucket: 'files',
      region: 'us-east-1',
      credentials: { accessKeyId: 'AKIA', secretAccessKey: 'se/cret' },
      forcePathStyle: true,
    });
    expect(parseS3Url('s3://a:b@store.example.com/files?tls=true&region=eu-west-2&forcePathStyle=false')).toMatchObject({
      endpoint: 'https://store.example.com',
      region: 'eu-west-2',
      forcePathStyle: false,
    });
    expect(parseS3Url('https://a:b@store.example.com/files').endpoint).toBe('https://store.example.com');
  });

  it('the usual variables: S3_BUCKET with S3_ENDPOINT, S3_REGION and the AWS keys; none set, local disk', () => {
    expect(
      readConfig({
        S3_BUCKET: 'files',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_REGION: 'eu-west-2',
        AWS_ACCESS_KEY_ID: 'a',
        AWS_SECRET_ACCESS_KEY: 'b',
      }).s3,
    ).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'files',
      region: 'eu-west-2',
      credentials: { accessKeyId: 'a', secretAccessKey: 'b' },
      forcePathStyle: true,
    });
    expect(readConfig({ S3_BUCKET: 'files', AWS_REGION: 'eu-west-1' }).s3).toEqual({
      endpoint: undefined,
      bucket: 'files',
      region: 'eu-west-1',
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(readConfig({}).s3).toBeUndefined();
  });

  it('a bad S3_URL stops the start with a message that does not repeat the secret', () => {
    for (const bad of [
      's3://key:TOPSECRET@host',
      'ftp://key:TOPSECRET@host/files',
      's3://key:TOPSECRET@host/a/b',
      's3://key:TOPSECRET@host/files?tls=maybe',
    ]) {
      expect(() => parseS3Url(bad)).toThrow();
      try {
        parseS3Url(bad);
      } catch (error) {
        expect(String((error as Error).message)).not.toContain('TOPSECRET');
      }
    }
  });
});
