import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { inbodyScreenSchema, inbodySegments, levelOfPercent, type LeanBodyMass } from '#api/inbody.ts';
import { inbodyRecords } from '#gateway/db/schema/index.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';

// Issue 37 item 18 over HTTP, without the reader (rows as detect stores them): a draft comes back
// with the screen until it is confirmed or discarded; PUT update (§7) corrects a saved record; an
// empty required value asks for it (§5 "Required field").
let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

const HOUR = 3_600_000;
const lean = Object.fromEntries(
  inbodySegments.flatMap((s, i) => [
    [`${s}MuscleMass`, 3.17 + i],
    [`${s}MusclePercentage`, 104.6 - i],
    [`${s}Status`, levelOfPercent(104.6 - i)],
  ]),
) as LeanBodyMass;

async function storeRecord(accountId: number, status: 'DRAFT' | 'CONFIRMED', createdAt = gw.clock.now()) {
  const [row] = await gw.db
    .insert(inbodyRecords)
    .values({
      accountId,
      status,
      measuredAt: createdAt,
      weight: 72.4,
      skeletalMuscleMass: 31.8,
      percentBodyFat: 21.3,
      bodyFatMass: 15.4,
      score: 77,
      totalBodyWater: 41.2,
      protein: 11.1,
      minerals: 3.94,
      leanBodyMass: lean,
      fatBodyMass: null,
      reading: { confidence: { weight: 'confirmed', score: 'doubtful' }, warnings: [], layout: '270', language: 'vi' },
      confirmedAt: status === 'CONFIRMED' ? createdAt : null,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  return row;
}
const screen = async (token: string) =>
  inbodyScreenSchema.parse((await gw.call('GET', '/api/v1/member/screens/inbody', { token })).body.data);
const update = (token: string, id: number, json: unknown, lang: 'vi' | 'en' = 'vi') =>
  gw.call('PUT', `/api/v1/member/inbody/${String(id)}/update`, { token, json, lang });
const core = { weight: '72,4', skeletalMuscleMass: '31,8', percentBodyFat: '21,3' };

describe('the draft on the screen read', () => {
  test('a sheet read but not confirmed comes back with the screen, with its confidence, to its owner only; confirmed, it is history and no longer a draft', async () => {
    const m = await gw.signUp();
    const other = await gw.signUp();
    const draft = await storeRecord(m.profile.id, 'DRAFT');
    const read = await screen(m.token);
    expect(read.records).toEqual([]);
    expect(read.draft).toMatchObject({
      record: { id: draft.id, status: 'DRAFT', minerals: 3.94, leanBodyMass: { trunkMuscleMass: 5.17 } },
      confidence: { weight: 'confirmed', score: 'doubtful' },
      layout: '270',
    });
    expect((await screen(other.token)).draft).toBeNull();

    expect((await update(m.token, draft.id, core)).body.code).toBe(1124);
    const after = await screen(m.token);
    expect(after.draft).toBeNull();
    expect(after.records.map((r) => r.id)).toEqual([draft.id]);
  });

  test('the newest live draft is the one shown; a draft older than a day is not; a discarded (deleted) draft is gone', async () => {
    const m = await gw.signUp();
    await storeRecord(m.profile.id, 'DRAFT', new Date(gw.clock.now().getTime() - 25 * HOUR));
    expect((await screen(m.token)).draft).toBeNull();
    await storeRecord(m.profile.id, 'DRAFT', new Date(gw.clock.now().getTime() - HOUR));
    const newest = await storeRecord(m.profile.id, 'DRAFT');
    expect((await screen(m.token)).draft?.record.id).toBe(newest.id);
    expect(
      (await gw.call('DELETE', `/api/v1/member/inbody/${String(newest.id)}/delete`, { token: m.token })).body.code,
    ).toBe(1123);
    expect((await screen(m.token)).draft?.record.id).not.toBe(newest.id);
  });
});

describe('PUT update on a saved record (§7)', () => {
  test('corrects a confirmed record: the values and the regions change, decimals kept, the first confirmation time stays', async () => {
    const m = await gw.signUp();
    const saved = await storeRecord(m.profile.id, 'CONFIRMED', new Date(gw.clock.now().getTime() - 48 * HOUR));
    gw.clock.advance(60_000);
    const res = await update(m.token, saved.id, {
      weight: '71,85',
      skeletalMuscleMass: 32.05,
      percentBodyFat: '20,9',
      totalBodyWater: '40,75',
      leanBodyMass: { trunkMuscleMass: '24,36', trunkMusclePercentage: '108,4', trunkStatus: 'Normal' },
    });
    expect([res.status, res.body.code]).toEqual([200, 1124]);
    expect(res.body.data).toMatchObject({
      id: saved.id,
      status: 'CONFIRMED',
      weight: 71.85,
      skeletalMuscleMass: 32.05,
      percentBodyFat: 20.9,
      totalBodyWater: 40.75,
      score: 77,
    });
    expect(res.body.data.leanBodyMass).toMatchObject({
      trunkMuscleMass: 24.36,
      trunkMusclePercentage: 108.4,
      rightArmMuscleMass: 3.17,
    });
    const [row] = await gw.db.select().from(inbodyRecords).where(eq(inbodyRecords.id, saved.id));
    expect(row.confirmedAt).toEqual(saved.confirmedAt);
    expect((await screen(m.token)).records).toEqual([res.body.data]);
  });

  test('another member’s record → 404, unchanged', async () => {
    const m = await gw.signUp();
    const other = await gw.signUp();
    const saved = await storeRecord(m.profile.id, 'CONFIRMED');
    expect((await update(other.token, saved.id, { ...core, weight: '90' })).status).toBe(404);
    expect((await gw.db.select().from(inbodyRecords).where(eq(inbodyRecords.id, saved.id)))[0].weight).toBe(72.4);
  });

  test.each([
    ['vi', 'Trường bắt buộc'],
    ['en', 'Required field'],
  ] as const)(
    '%s: a required value left empty asks for it (§5), not for another range; the record is unchanged',
    async (lang, message) => {
      const m = await gw.signUp();
      const saved = await storeRecord(m.profile.id, 'CONFIRMED');
      const res = await update(m.token, saved.id, { ...core, weight: '', skeletalMuscleMass: '  ' }, lang);
      expect([res.status, res.body.code]).toEqual([400, 2]);
      expect(res.body.data.fieldErrors).toEqual({ weight: [message], skeletalMuscleMass: [message] });
      const { percentBodyFat: _, ...withoutFat } = core;
      expect((await update(m.token, saved.id, withoutFat, lang)).body.data.fieldErrors).toEqual({
        percentBodyFat: [message],
      });
      // Out of range is still said as such.
      expect(
        (await update(m.token, saved.id, { ...core, weight: '300' }, lang)).body.data.fieldErrors.weight[0],
      ).not.toBe(message);
      expect((await gw.db.select().from(inbodyRecords).where(eq(inbodyRecords.id, saved.id)))[0].weight).toBe(72.4);
    },
  );
});
