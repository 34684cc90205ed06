import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { memberShellSchema } from '#api/auth.ts';
import { ratingRequestSchema } from '#api/feedback.ts';
import { ratingRequests } from '#gateway/db/schema/index.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { buyAndPay, plansOf } from '#tests/support/membership.ts';
import { clubAt } from '#tests/support/unpaid-contract.ts';

let gw: TestGateway;
let clubId: number;
beforeAll(async () => {
  gw = await startTestGateway();
  clubId = (await clubAt(gw, 0)).id;
});
afterAll(() => gw.close());

/** A member who paid a membership: its payment made a pending rating request (settlePaymentIn). */
async function paidMember() {
  const member = await gw.signUp();
  const plan = (await plansOf(gw, clubId))[1];
  const bought = await buyAndPay(gw, member.token, plan.id);
  return { ...member, contractId: bought.contract.contractId, plan };
}

const pending = async (token: string) =>
  ratingRequestSchema.array().parse((await gw.call('GET', '/api/v1/member/ratings', { token })).body.data);
const shellRating = async (token: string) =>
  memberShellSchema.parse((await gw.call('GET', '/api/v1/member/shell', { token })).body.data).pendingRating;
const update = (token: string, id: number, json: unknown, lang?: 'vi' | 'en') =>
  gw.call('PUT', `/api/v1/member/rating/${String(id)}/update`, { token, json, lang });
const ignore = (token: string, id: number) =>
  gw.call('DELETE', `/api/v1/member/rating/${String(id)}/ignore`, { token });

describe('ratings (issue 16 §2)', () => {
  test('a paid membership is pending in the list and in the shell; a new member has none', async () => {
    const fresh = await gw.signUp();
    expect(await pending(fresh.token)).toEqual([]);
    expect(await shellRating(fresh.token)).toBeNull();

    const m = await paidMember();
    const list = await pending(m.token);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ type: 'contract', contract: { contractId: m.contractId }, memberPtBooking: null });
    expect(list[0].contract?.planNameVi).toBeTruthy();
    expect(list[0].contract?.signDate).not.toBeNull();
    expect(await shellRating(m.token)).toEqual(list[0]);
    expect((await gw.call('GET', '/api/v1/member/ratings')).status).toBe(401);
  });

  test('rate once: 1128, then 460; stars required, comment ≤ 1000 (§5 messages)', async () => {
    const m = await paidMember();
    const [request] = await pending(m.token);
    const noStars = await update(m.token, request.id, { comment: 'x'.repeat(1001) }, 'en');
    expect([noStars.status, noStars.body.code]).toEqual([400, 2]);
    expect(noStars.body.data.fieldErrors).toEqual({
      rate: ['Required field'],
      comment: ['Number of characters exceeded the allowed limit'],
    });
    const vi = await update(m.token, request.id, { rate: 6 }, 'vi');
    expect(vi.body.data.fieldErrors).toEqual({ rate: ['Số không hợp lệ'] });

    const sent = await update(m.token, request.id, { rate: 4, comment: 'Phòng tập sạch, máy mới' });
    expect([sent.status, sent.body.code]).toEqual([200, 1128]);
    const [row] = await gw.db.select().from(ratingRequests).where(eq(ratingRequests.id, request.id));
    expect(row).toMatchObject({ status: 'rated', rate: 4, comment: 'Phòng tập sạch, máy mới' });
    expect(await pending(m.token)).toEqual([]);
    expect(await shellRating(m.token)).toBeNull();

    const again = await update(m.token, request.id, { rate: 1 });
    expect([again.status, again.body.code]).toEqual([409, 460]);
    expect([(await ignore(m.token, request.id)).body.code]).toEqual([460]);
    expect((await gw.db.select().from(ratingRequests).where(eq(ratingRequests.id, request.id)))[0].rate).toBe(4);
  });

  test('dismiss once: then 459 for a second dismiss and for a rating', async () => {
    const m = await paidMember();
    const [request] = await pending(m.token);
    const dismissed = await ignore(m.token, request.id);
    expect([dismissed.status, dismissed.body.code]).toEqual([200, 1000]);
    expect(await pending(m.token)).toEqual([]);
    expect((await ignore(m.token, request.id)).body.code).toBe(459);
    expect((await update(m.token, request.id, { rate: 5 })).body.code).toBe(459);
  });

  test("another member's rating is 404 for both, and stays pending", async () => {
    const owner = await paidMember();
    const other = await gw.signUp();
    const [request] = await pending(owner.token);
    for (const res of [await update(other.token, request.id, { rate: 1 }), await ignore(other.token, request.id)]) {
      expect([res.status, res.body.code]).toEqual([404, 'NOT_FOUND']);
    }
    expect(
      (await gw.call('PUT', '/api/v1/member/rating/abc/update', { token: other.token, json: { rate: 1 } })).status,
    ).toBe(404);
    expect(await pending(owner.token)).toHaveLength(1);
  });

  test('the oldest pending comes first; one answered, the next shows in the shell', async () => {
    const m = await paidMember();
    const club2 = (await clubAt(gw, 1)).id;
    gw.clock.advance(60_000);
    await buyAndPay(gw, m.token, (await plansOf(gw, club2))[1].id);
    const list = await pending(m.token);
    expect(list).toHaveLength(2);
    expect(list[0].contract?.contractId).toBe(m.contractId);
    expect((await shellRating(m.token))?.id).toBe(list[0].id);
    await ignore(m.token, list[0].id);
    expect((await shellRating(m.token))?.id).toBe(list[1].id);
  });
});
