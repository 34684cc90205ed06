import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { currentGiftSchema } from '#api/gift.ts';
import { memberGifts } from '#gateway/db/schema/index.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

const DAY = 24 * 60 * 60_000;

/** Gives a gift a second later, expiring `validMs` after it is given (never when null). */
async function give(phone: string, title: string, validMs: number | null = null) {
  gw.clock.advance(1000);
  const expiresAt = validMs === null ? null : new Date(gw.clock.now().getTime() + validMs);
  const res = await gw.call('PUT', '/sandbox/gift', {
    json: {
      phoneNumber: phone,
      titleVi: `Quà ${title}`,
      titleEn: `Gift ${title}`,
      descriptionVi: 'Một buổi tập miễn phí',
      descriptionEn: 'One free session',
      expiresAt: expiresAt?.toISOString() ?? null,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { memberGiftId: number };
}

const current = async (token: string) => {
  const res = await gw.call('GET', '/api/v1/member/gift', { token });
  expect(res.status).toBe(200);
  expect(res.body.code).toBe(1000);
  expect(res.headers.get('cache-control')).toBe('no-store');
  const gift = currentGiftSchema.parse(res.body.data);
  // The shell reads the same gift in its one statement (issue 18): both must always agree.
  const shell = await gw.call('GET', '/api/v1/member/shell', { token });
  expect(shell.body.data.gift).toEqual(gift);
  return gift;
};

test('a member without a gift gets null', async () => {
  const { token } = await gw.signUp();
  expect(await current(token)).toBeNull();
});

test('the newest unused, unexpired gift is shown; expired and used ones are not', async () => {
  const { phone, token } = await gw.signUp();
  const older = await give(phone, 'A', 10 * DAY);
  const newest = await give(phone, 'B', 7 * DAY);
  expect(await current(token)).toEqual({
    memberGiftId: newest.memberGiftId,
    kind: 'PLAN_DAYS',
    days: 14,
    titleVi: 'Quà B',
    titleEn: 'Gift B',
    descriptionVi: 'Một buổi tập miễn phí',
    descriptionEn: 'One free session',
    expiresAt: new Date(gw.clock.now().getTime() + 7 * DAY).toISOString(),
  });

  await gw.db.update(memberGifts).set({ usedAt: gw.clock.now() }).where(eq(memberGifts.id, newest.memberGiftId));
  expect((await current(token))?.memberGiftId).toBe(older.memberGiftId);

  gw.clock.advance(11 * DAY);
  expect(await current(token)).toBeNull();

  const lasting = await give(phone, 'C', null);
  expect(await current(token)).toMatchObject({ memberGiftId: lasting.memberGiftId, expiresAt: null });
});

test("a gift that expired a moment ago is gone; another member's gift is never shown", async () => {
  const owner = await gw.signUp();
  const other = await gw.signUp();
  await give(owner.phone, 'D', 1000);
  expect(await current(other.token)).toBeNull();
  expect(await current(owner.token)).not.toBeNull();
  gw.clock.advance(1000);
  expect(await current(owner.token)).toBeNull();
});

test('without a token → 401 code -1', async () => {
  const res = await gw.call('GET', '/api/v1/member/gift');
  expect(res.status).toBe(401);
  expect(res.body.code).toBe(-1);
});

test.each([
  ['an unknown phone', { phoneNumber: '0109999999' }, 404],
  ['no title', { titleVi: '' }, 400],
  ['an expiry that is no date', { expiresAt: 'tomorrow' }, 400],
])('the sandbox gift window refuses %s', async (_name, override, status) => {
  const { phone } = await gw.signUp();
  const res = await gw.call('PUT', '/sandbox/gift', {
    json: {
      phoneNumber: phone,
      titleVi: 'Quà',
      titleEn: 'Gift',
      descriptionVi: 'Mô tả',
      descriptionEn: 'Text',
      ...override,
    },
  });
  expect(res.status).toBe(status);
});
