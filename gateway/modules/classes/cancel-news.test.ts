import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEMO_STAFF_PHONE } from '#gateway/db/seed.ts';
import { classSessionIn } from '#tests/support/classes.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { memberWithPlan } from '#tests/support/membership.ts';
import { staffLogin } from '#tests/support/staff.ts';
import { clubAt } from '#tests/support/unpaid-contract.ts';

// Issue 38 §19: a class the club cancels reaches its members in the inbox, by push, and by SMS when
// the class is within 24 hours.
let gw: TestGateway;
let clubId: number;
let desk: string;
const HOUR = 3_600_000;
beforeAll(async () => {
  gw = await startTestGateway();
  clubId = (await clubAt(gw, 0)).id;
  desk = await staffLogin(gw, DEMO_STAFF_PHONE);
});
afterAll(() => gw.close());

async function bookedMember(sessionId: number) {
  const m = await memberWithPlan(gw, clubId);
  const push = await gw.call('POST', '/api/v1/member/push/subscription', {
    token: m.token,
    json: {
      endpoint: `https://push.example.test/${randomBytes(8).toString('hex')}`,
      expirationTime: null,
      keys: { p256dh: `B${'x'.repeat(86)}`, auth: 'a'.repeat(22) },
    },
  });
  expect(push.status).toBe(200);
  expect(
    (
      await gw.call('POST', `/api/v1/member/classes/${String(sessionId)}/booking`, {
        token: m.token,
        json: { joinWaitlist: false },
      })
    ).status,
  ).toBe(200);
  return m;
}

const smsOf = async (phone: string) =>
  ((await gw.call('GET', `/sandbox/sms?phone=${phone}`)).body.data as Array<{ text: string }>).map((s) => s.text);
const pushesOf = async (phone: string) =>
  (
    (await gw.call('GET', `/sandbox/push?phone=${phone}`)).body.data as Array<{
      payload: { title: string; body: string };
    }>
  ).map((p) => p.payload);
const inboxOf = async (token: string) =>
  ((await gw.call('GET', '/api/v1/member/notifications', { token })).body.data.items as Array<{ titleVi: string }>).map(
    (n) => n.titleVi,
  );

test('a same-day cancel: inbox, push and an ASCII SMS naming the class, its date and time, and the reason', async () => {
  const session = await classSessionIn(gw, clubId, 5 * HOUR, 10);
  const m = await bookedMember(session.id);
  const before = (await smsOf(m.phone)).length;
  const res = await gw.call('PUT', `/api/v1/staff/class-session/${String(session.id)}/cancel`, {
    token: desk,
    json: { reason: 'Huấn luyện viên bị ốm' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(await inboxOf(m.token)).toContain('Lớp học đã bị hủy');
  expect((await pushesOf(m.phone)).map((p) => p.title)).toContain('Lớp học đã bị hủy');
  const sms = await smsOf(m.phone);
  expect(sms.length - before).toBe(1);
  expect(sms[0]).toMatch(
    /^VietFit: Cau lac bo da huy lop .+ luc \d\d\/\d\d\/\d{4} \d\d:\d\d\. Ly do: Huan luyen vien bi om\. Luot dat cua ban da duoc huy mien phi\.$/,
  );
  expect(sms[0]).toMatch(/^[\x20-\x7e]+$/);
});

test('a class more than 24 h away: inbox and push, no SMS', async () => {
  const session = await classSessionIn(gw, clubId, 30 * HOUR, 10);
  const m = await bookedMember(session.id);
  const before = (await smsOf(m.phone)).length;
  expect(
    (
      await gw.call('PUT', `/api/v1/staff/class-session/${String(session.id)}/cancel`, {
        token: desk,
        json: { reason: 'Phòng tập sửa chữa' },
      })
    ).status,
  ).toBe(200);
  expect(await inboxOf(m.token)).toContain('Lớp học đã bị hủy');
  expect((await pushesOf(m.phone)).map((p) => p.title)).toContain('Lớp học đã bị hủy');
  expect(await smsOf(m.phone)).toHaveLength(before);
});
