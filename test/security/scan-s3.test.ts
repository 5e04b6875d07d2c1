/**
 * The scanner reads uploads through the media storage: with the uploads in an S3-compatible bucket
 * (two instances sharing it), a planted PHP file named .jpg is found by whichever instance scans,
 * and a genuine image uploaded through REST is not reported.
 */
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { mediaStorage } from '../../src/domain/media/storage-config';
import { scanRunnerFor } from '../../src/domain/security/scan/runner';
import { startTestApp, type TestApp } from '../support/app';
import { startS3Server, type TestS3 } from '../support/s3-server';

let s3: TestS3;
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  s3 = await startS3Server('scan-test');
  a = await startTestApp(s3.env);
  b = await startTestApp(s3.env, { sharedWith: a });
}, 60000);
afterAll(async () => {
  await b?.close();
  await a?.close();
  await s3?.close();
});

it('finds executable code and a false type in a bucket, and nothing in a genuine upload', async () => {
  const png = await sharp({ create: { width: 12, height: 12, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png().toBuffer();
  await a.request.post('/wp-json/core/v2/media').set('Authorization', a.adminAuth).set('Content-Type', 'image/png').set('Content-Disposition', 'attachment; filename="genuine.png"').send(png).expect(201);
  const key = '2026/11/backdoor.jpg';
  await mediaStorage(a.config).put(key, Readable.from([Buffer.from('<?php passthru($_GET["c"]);')]), { contentType: 'image/jpeg' });
  const now = new Date();
  const row = await a.db.prisma.content.create({ data: { type: 'attachment', status: 'inherit', title: 'backdoor', mimeType: 'image/jpeg', date: now, modified: now } });
  await a.db.prisma.contentMeta.create({ data: { contentId: row.id, key: '_wp_attached_file', value: key } });

  // The other instance scans: it reads the same bucket.
  const started = await b.request.post('/graphql').set('Authorization', b.adminAuth).send({ query: 'mutation { startSecurityScan(input: {}) { started } }' }).expect(200);
  expect(started.body.data.startSecurityScan.started).toBe(true);
  await scanRunnerFor(b.db, b.config).whenIdle();
  const findings = await a.db.prisma.securityFinding.findMany({ orderBy: { type: 'asc' } });
  expect(findings.map((f) => [f.type, f.recordKind, f.recordId])).toEqual([
    ['uploadExecutableCode', 'attachment', String(row.id)],
    ['uploadTypeMismatch', 'attachment', String(row.id)],
  ]);
});
