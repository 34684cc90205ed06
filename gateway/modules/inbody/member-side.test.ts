import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { inbodyDetectLimitSchema, inbodyDetectionSchema, inbodyUnreadableSchema } from '#api/inbody.ts';
import { inbodyRecords, rateCounters } from '#gateway/db/schema/index.ts';
import { hourWindow } from '#gateway/modules/limits/counters.ts';
import { closeOcrPools } from '#gateway/modules/inbody/ocr-pool.ts';
import { randomTruth, sheetPhoto } from '#tests/support/inbody-sheet.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { DETECT_ATTEMPTS_PER_HOUR } from './service.ts';
import { timeLimit } from '#tests/support/time-limit.ts';

// Issue 36 §6 over HTTP (ADR 066): the hourly limit says how long to wait; an unreadable photo says
// why; a member can type the values into an empty draft instead.
let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway({ env: { INBODY_OCR_WORKERS: '1' } });
});
afterAll(async () => {
  await gw.close();
  await closeOcrPools();
});

const jpeg = (bytes: Buffer) => new Blob([Uint8Array.from(bytes)], { type: 'image/jpeg' });
const black = () =>
  sharp({ create: { width: 900, height: 1200, channels: 3, background: '#000' } })
    .jpeg()
    .toBuffer();

function detect(token: string, image: Blob) {
  const form = new FormData();
  form.append('image', image, 'sheet.jpg');
  return gw.call('POST', '/api/v1/member/inbody/detect', { token, body: form });
}

test(
  'the 31st photo in an hour is refused with the wait to the next one (data and Retry-After); the next hour takes photos again',
  { timeout: timeLimit(180_000) },
  async () => {
    const m = await gw.signUp();
    gw.clock.set(new Date('2026-11-21T05:48:00Z'));
    const now = gw.clock.now();
    // 30 photos already sent this hour (reading 30 real photos would take minutes).
    await gw.db.insert(rateCounters).values({
      key: `inbody:detect:${String(m.profile.id)}`,
      windowStart: hourWindow(now),
      count: DETECT_ATTEMPTS_PER_HOUR,
    });
    const refused = await detect(m.token, jpeg(await black()));
    expect([refused.status, refused.body.code]).toEqual([429, 'TOO_MANY_REQUESTS']);
    expect(inbodyDetectLimitSchema.parse(refused.body.data)).toEqual({ limit: 30, retryAfterSeconds: 12 * 60 });
    expect(refused.headers.get('retry-after')).toBe('720');

    gw.clock.set(new Date('2026-11-21T06:00:01Z'));
    const next = await detect(m.token, jpeg(await black()));
    // Taken (and unreadable, with its reason): no longer the limit.
    expect([next.status, next.body.code]).toEqual([422, 103]);
  },
);

test(
  'an unreadable photo answers 103 with the reason: a black photo is too dark, a plain wall has no sheet, a sheet out of focus is blurred',
  { timeout: timeLimit(180_000) },
  async () => {
    const m = await gw.signUp();
    const dark = await detect(m.token, jpeg(await black()));
    expect([dark.status, dark.body.code]).toEqual([422, 103]);
    expect(inbodyUnreadableSchema.parse(dark.body.data)).toEqual({ reason: 'TOO_DARK' });
    const wall = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#d0c8b8' } })
      .jpeg()
      .toBuffer();
    const plain = await detect(m.token, jpeg(wall));
    expect([plain.status, plain.body.code, plain.body.data]).toEqual([422, 103, { reason: 'NOT_WHOLE_SHEET' }]);
    // The whole sheet in the frame, but far out of focus: the page is found, its print is not.
    const blurred = await sharp(await sheetPhoto(randomTruth(7), '570', 'en', 'clean', 7))
      .blur(9)
      .jpeg()
      .toBuffer();
    const soft = await detect(m.token, jpeg(blurred));
    expect([soft.status, soft.body.code, soft.body.data]).toEqual([422, 103, { reason: 'BLURRED' }]);
  },
);

test('typing the values: an empty draft without a photo, nothing marked; update confirms it into the history', async () => {
  const m = await gw.signUp();
  const started = await gw.call('POST', '/api/v1/member/inbody/manual', { token: m.token });
  expect([started.status, started.body.code]).toEqual([200, 1121]);
  const { record, confidence } = inbodyDetectionSchema.parse(started.body.data);
  expect(record).toMatchObject({ status: 'DRAFT', imageUrl: null, weight: null, fatBodyMass: null });
  expect(confidence).toEqual({});
  const screen = await gw.call('GET', '/api/v1/member/screens/inbody', { token: m.token });
  expect(screen.body.data.draft.record.id).toBe(record.id);

  const other = await gw.signUp();
  expect(
    (
      await gw.call('PUT', `/api/v1/member/inbody/${String(record.id)}/update`, {
        token: other.token,
        json: { weight: '70', skeletalMuscleMass: '30', percentBodyFat: '20' },
      })
    ).status,
  ).toBe(404);
  const saved = await gw.call('PUT', `/api/v1/member/inbody/${String(record.id)}/update`, {
    token: m.token,
    json: { weight: '70,4', skeletalMuscleMass: '30,1', percentBodyFat: '20' },
  });
  expect([saved.status, saved.body.code]).toEqual([200, 1124]);
  const list = await gw.call('GET', '/api/v1/member/inbody/list', { token: m.token });
  expect(list.body.data.items).toMatchObject([{ id: record.id, weight: 70.4, imageUrl: null }]);
  expect((await gw.call('POST', '/api/v1/member/inbody/manual')).status).toBe(401);
  const rows = await gw.db
    .select()
    .from(inbodyRecords)
    .where(and(eq(inbodyRecords.accountId, m.profile.id), eq(inbodyRecords.status, 'DRAFT')));
  expect(rows).toEqual([]);
});
