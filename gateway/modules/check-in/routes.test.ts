import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CHECK_IN_STEP_SECONDS, checkInResultSchema, timeStepOf } from '#api/check-in.ts';
import { staffMemberSchema } from '#api/staff.ts';
import { accounts, checkInDevices, contracts, notifications, staffActions, visits } from '#gateway/db/schema/index.ts';
import { DEMO_MANAGER_PHONE, DEMO_MEMBER_PHONE, DEMO_STAFF_PHONE } from '#gateway/db/seed.ts';
import { instructorPhone } from '#gateway/db/seed-classes.ts';
import { trainerPhone } from '#gateway/db/seed-pt.ts';
import { staffLogin } from '#tests/support/staff.ts';
import { randomPhone, startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { buyAndPay, freezeMemberships, plansOf } from '#tests/support/membership.ts';
import { clubAt } from '#tests/support/unpaid-contract.ts';
import { deliverNoticesNow } from '#gateway/modules/notifications/service.ts';
import { drawCheckInCode } from './code.ts';
import { MAX_MEMBER_LOOKUPS_PER_STAFF_PER_HOUR } from './routes.ts';

let gw: TestGateway;
let employee: string; // works at club 0
let manager: string; // GM: every club
let otherEmployee: string; // works at club 1
let club0: { id: number };
let club1: { id: number };

beforeAll(async () => {
  gw = await startTestGateway();
  employee = await staffLogin(gw, DEMO_STAFF_PHONE);
  manager = await staffLogin(gw, DEMO_MANAGER_PHONE);
  // The class instructors of the second club are its EMPLOYEEs (seed-classes.ts).
  otherEmployee = await staffLogin(gw, instructorPhone(2));
  club0 = await clubAt(gw, 0);
  club1 = await clubAt(gw, 1);
});
afterAll(() => gw.close());

/** A member with a paid membership of the given plan type at club 0, and one device. */
async function memberWith(planType: 'CLASSIC' | 'BLACK_CARD' | null = 'CLASSIC') {
  const member = await gw.signUp();
  if (planType) {
    const plan = (await plansOf(gw, club0.id)).find((p) => p.type === planType)!;
    await buyAndPay(gw, member.token, plan.id);
  }
  const device = await gw.call('POST', '/api/v1/member/check-in/devices', {
    token: member.token,
    json: { label: 'Android' },
  });
  expect(device.body.code).toBe(1000);
  const key = Buffer.from(device.body.data.key as string, 'base64url');
  const id = member.profile.id as number;
  const deviceId = device.body.data.deviceId as string;
  const code = (at = gw.clock.now()) => drawCheckInCode(key, id, deviceId, timeStepOf(at));
  return { ...member, id, deviceId, key, code };
}

const scan = (code: string, clubId: number, token = employee) =>
  gw.call('POST', '/api/v1/staff/check-in', { token, json: { code, clubId } });
const afterPassBack = () => gw.clock.advance(6 * 60_000);

describe('a door scan', () => {
  test('accepts a fresh code once: the visit, what staff need to compare the face, a notice for the member', async () => {
    const m = await memberWith('CLASSIC');
    const code = m.code();
    const res = await scan(code, club0.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      club: { id: club0.id },
      member: { id: m.id, fullName: expect.any(String) },
      membership: {
        planNameVi: expect.stringContaining('Classic'),
        endDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      },
    });
    // The same code again, at once: used (said before the pass-back rule, which would also refuse it).
    expect((await scan(code, club0.id)).body.code).toBe('CHECK_IN_CODE_USED');
    const mine = await gw.call('GET', '/api/v1/member/check-ins', { token: m.token });
    expect(mine.body.data).toHaveLength(1);
    expect(mine.body.data[0]).toMatchObject({ club: { id: club0.id } });
    // The notice goes through the outbox (ADR 016): delivered, it is in the member's inbox.
    await deliverNoticesNow(gw);
    const stored = await gw.db.select().from(notifications).where(eq(notifications.accountId, m.id));
    expect(stored.some((n) => n.titleEn === 'Checked in' && n.bodyVi.includes('check-in tại'))).toBe(true);
  });

  test('the step before and after are accepted (clock skew); older and newer are refused with their own codes', async () => {
    const m = await memberWith('CLASSIC');
    const step = CHECK_IN_STEP_SECONDS * 1000;
    const now = gw.clock.now().getTime();
    expect((await scan(m.code(new Date(now - 2 * step)), club0.id)).body.code).toBe('CHECK_IN_CODE_EXPIRED');
    expect((await scan(m.code(new Date(now + 2 * step)), club0.id)).body.code).toBe('CHECK_IN_CODE_FUTURE');
    expect((await scan(m.code(new Date(now - step)), club0.id)).status).toBe(200);
    afterPassBack();
    expect((await scan(m.code(new Date(gw.clock.now().getTime() + step)), club0.id)).status).toBe(200);
  });

  test('forged codes are invalid: a changed mac, another member’s id, a made-up device, not a code at all', async () => {
    const m = await memberWith('CLASSIC');
    const other = await memberWith('CLASSIC');
    const good = m.code();
    const flipped = good.slice(0, -1) + (good.endsWith('A') ? 'B' : 'A');
    const withOthersId = drawCheckInCode(m.key, other.id, m.deviceId, timeStepOf(gw.clock.now()));
    const madeUp = drawCheckInCode(m.key, m.id, 'ZZZZZZZZZZZZZZZZ', timeStepOf(gw.clock.now()));
    for (const code of [flipped, withOthersId, madeUp, 'hello', `{"member":${String(m.id)}}`]) {
      const res = await scan(code, club0.id);
      expect(res.status, code).toBe(400);
      expect(res.body.code).toBe('CHECK_IN_CODE_INVALID');
      expect(res.body.message).toBeTruthy();
    }
    expect(await gw.db.select().from(visits).where(eq(visits.accountId, m.id))).toHaveLength(0);
  });

  test('membership rules: none, expired, frozen, wrong club; an all-club plan opens every club', async () => {
    const none = await memberWith(null);
    expect((await scan(none.code(), club0.id)).body.code).toBe('CHECK_IN_NO_MEMBERSHIP');

    const single = await memberWith('CLASSIC');
    expect((await scan(single.code(), club1.id, manager)).body.code).toBe('CHECK_IN_WRONG_CLUB');

    const black = await memberWith('BLACK_CARD');
    expect((await scan(black.code(), club1.id, manager)).status).toBe(200);

    const frozen = await memberWith('CLASSIC');
    await freezeMemberships(gw, frozen.id);
    expect((await scan(frozen.code(), club0.id)).body.code).toBe('CHECK_IN_FROZEN');

    const expired = await memberWith('CLASSIC');
    await gw.db
      .update(contracts)
      .set({ startDate: '2020-01-01', endDate: '2020-12-31' })
      .where(eq(contracts.accountId, expired.id));
    expect((await scan(expired.code(), club0.id)).body.code).toBe('CHECK_IN_MEMBERSHIP_EXPIRED');
  });

  test('pass-back: no second entry within 5 minutes, at any door', async () => {
    const m = await memberWith('BLACK_CARD');
    expect((await scan(m.code(), club0.id)).status).toBe(200);
    gw.clock.advance(CHECK_IN_STEP_SECONDS * 1000);
    const again = await scan(m.code(), club1.id, manager);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CHECK_IN_PASS_BACK');
    afterPassBack();
    expect((await scan(m.code(), club1.id, manager)).status).toBe(200);
  });

  test('the same code at several doors at once enters once (the database decides)', async () => {
    const m = await memberWith('BLACK_CARD');
    const code = m.code();
    const results = await Promise.all(Array.from({ length: 10 }, () => scan(code, club0.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200))
      expect(['CHECK_IN_CODE_USED', 'CHECK_IN_PASS_BACK']).toContain(r.body.code);
    expect(await gw.db.select().from(visits).where(eq(visits.accountId, m.id))).toHaveLength(1);
  });

  test('only staff of that club scan there; a member token is refused; malformed bodies are code 2, never 500', async () => {
    const m = await memberWith('CLASSIC');
    expect((await scan(m.code(), club1.id, employee)).status).toBe(403);
    expect((await scan(m.code(), club0.id, m.token)).status).toBe(403);
    for (const json of [
      {},
      { code: 1, clubId: club0.id },
      { code: 'x'.repeat(500), clubId: club0.id },
      { code: m.code(), clubId: 'one' },
      { code: 'a\u0000b', clubId: club0.id },
    ]) {
      const res = await gw.call('POST', '/api/v1/staff/check-in', { token: employee, json });
      expect(res.status, JSON.stringify(json)).toBeLessThan(500);
      expect(res.status).toBeGreaterThanOrEqual(400);
    }
    expect((await scan(m.code(), 999_999)).status).toBe(404);
  });
});

describe('devices', () => {
  test('at most 3: a 4th revokes the oldest, whose codes then say so; another member cannot revoke mine', async () => {
    const m = await memberWith('CLASSIC');
    const firstCode = m.code();
    for (let i = 0; i < 3; i++)
      await gw.call('POST', '/api/v1/member/check-in/devices', {
        token: m.token,
        json: { label: `Phone ${String(i)}` },
      });
    const list = await gw.call('GET', '/api/v1/member/check-in/devices', { token: m.token });
    expect(list.body.data).toHaveLength(3);
    expect(list.body.data.map((d: { deviceId: string }) => d.deviceId)).not.toContain(m.deviceId);
    expect(JSON.stringify(list.body.data)).not.toContain('key');
    const refused = await scan(firstCode, club0.id);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('CHECK_IN_DEVICE_REVOKED');

    const other = await memberWith('CLASSIC');
    const mine = list.body.data[0].deviceId as string;
    expect((await gw.call('DELETE', `/api/v1/member/check-in/devices/${mine}`, { token: other.token })).status).toBe(
      404,
    );
    expect((await gw.call('GET', `/api/v1/member/check-in/code?deviceId=${mine}`, { token: other.token })).status).toBe(
      404,
    );
    expect((await gw.call('DELETE', `/api/v1/member/check-in/devices/${mine}`, { token: m.token })).status).toBe(200);
    const [row] = await gw.db.select().from(checkInDevices).where(eq(checkInDevices.deviceId, mine));
    expect(row.revokedAt).not.toBeNull();
  });

  test('the gateway draws the current code for a page without JavaScript, and it scans', async () => {
    const m = await memberWith('CLASSIC');
    const res = await gw.call('GET', `/api/v1/member/check-in/code?deviceId=${m.deviceId}`, { token: m.token });
    expect(res.body.data).toMatchObject({ code: m.code(), timeStep: timeStepOf(gw.clock.now()) });
    expect(new Date(res.body.data.validUntil as string).getTime()).toBeGreaterThan(gw.clock.now().getTime());
    expect((await scan(res.body.data.code as string, club0.id)).status).toBe(200);
    expect((await gw.call('GET', '/api/v1/member/check-in/code?deviceId=nope', { token: m.token })).status).toBe(400);
  });

  test('visits are the member’s own, newest first, and `since` gives only the new ones', async () => {
    const m = await memberWith('BLACK_CARD');
    const before = gw.clock.now().toISOString();
    await scan(m.code(), club0.id);
    afterPassBack();
    await scan(m.code(), club1.id, manager);
    const all = await gw.call('GET', '/api/v1/member/check-ins', { token: m.token });
    expect(all.body.data.map((v: { club: { id: number } }) => v.club.id)).toEqual([club1.id, club0.id]);
    const since = await gw.call('GET', `/api/v1/member/check-ins?since=${encodeURIComponent(before)}&limit=1`, {
      token: m.token,
    });
    expect(since.body.data).toHaveLength(1);
    const other = await memberWith(null);
    expect((await gw.call('GET', '/api/v1/member/check-ins', { token: other.token })).body.data).toEqual([]);
    expect((await gw.call('GET', '/api/v1/member/check-ins?page=0', { token: m.token })).status).toBe(400);
  });
});

// Issue 17 §2 (ADR 049): a member without their phone is checked in by phone number on the staff
// member's word: the same admission as a scan, an audit row, and a capped lookup.
const lookup = (phoneNumber: string, clubId: number, token = employee) =>
  gw.call('GET', `/api/v1/staff/member?phoneNumber=${phoneNumber}&clubId=${String(clubId)}`, { token });
const manual = (phoneNumber: string, clubId: number, token = employee) =>
  gw.call('POST', '/api/v1/staff/check-in/manual', { token, json: { phoneNumber, clubId } });
const manualRows = (visitId: number) =>
  gw.db
    .select()
    .from(staffActions)
    .where(and(eq(staffActions.action, 'check-in.manual'), eq(staffActions.subjectId, visitId)));

describe('manual check-in', () => {
  test('the lookup says who and whether they may enter; the check-in answers as a scan, with the visit, the notice and an audit row', async () => {
    const m = await memberWith('CLASSIC');
    const found = await lookup(m.phone, club0.id);
    expect(found.status).toBe(200);
    expect(staffMemberSchema.parse(found.body.data)).toMatchObject({
      member: { id: m.id },
      mayEnter: true,
      refusal: null,
      membership: { endDate: expect.any(String) },
    });

    const res = await manual(m.phone, club0.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const result = checkInResultSchema.parse(res.body.data);
    expect(result).toMatchObject({
      club: { id: club0.id },
      member: { id: m.id },
      membership: found.body.data.membership,
    });
    const [visit] = await gw.db.select().from(visits).where(eq(visits.id, result.visitId));
    const [staff] = await gw.db.select().from(accounts).where(eq(accounts.phoneNumber, DEMO_STAFF_PHONE));
    expect(visit).toMatchObject({
      accountId: m.id,
      clubId: club0.id,
      deviceId: null,
      staffAccountId: staff.id,
      timeStep: timeStepOf(gw.clock.now()),
    });
    const rows = await manualRows(result.visitId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorAccountId: staff.id,
      subjectType: 'visit',
      clubId: club0.id,
      before: null,
      after: { memberId: m.id, visitId: result.visitId },
    });
    await deliverNoticesNow(gw);
    expect(
      (await gw.db.select().from(notifications).where(eq(notifications.accountId, m.id))).some(
        (n) => n.titleEn === 'Checked in',
      ),
    ).toBe(true);

    // Now inside: the lookup and a second check-in say pass-back; the refusal writes no audit row.
    expect((await lookup(m.phone, club0.id)).body.data).toMatchObject({
      mayEnter: false,
      refusal: 'CHECK_IN_PASS_BACK',
      membership: null,
    });
    const again = await manual(m.phone, club0.id);
    expect([again.status, again.body.code]).toEqual([409, 'CHECK_IN_PASS_BACK']);
    expect(await gw.db.select().from(visits).where(eq(visits.accountId, m.id))).toHaveLength(1);
    expect(await gw.db.select().from(staffActions).where(eq(staffActions.action, 'check-in.manual'))).toHaveLength(1);
  });

  test('the refusals are a scan’s: no membership, wrong club, frozen, expired; and a scan after a manual entry is pass-back', async () => {
    const none = await memberWith(null);
    const single = await memberWith('CLASSIC');
    const frozen = await memberWith('CLASSIC');
    await freezeMemberships(gw, frozen.id);
    const expired = await memberWith('CLASSIC');
    await gw.db
      .update(contracts)
      .set({ startDate: '2020-01-01', endDate: '2020-12-31' })
      .where(eq(contracts.accountId, expired.id));
    for (const [m, clubId, code, status] of [
      [none, club0.id, 'CHECK_IN_NO_MEMBERSHIP', 403],
      [single, club1.id, 'CHECK_IN_WRONG_CLUB', 403],
      [frozen, club0.id, 'CHECK_IN_FROZEN', 403],
      [expired, club0.id, 'CHECK_IN_MEMBERSHIP_EXPIRED', 403],
    ] as const) {
      expect((await lookup(m.phone, clubId, manager)).body.data, code).toMatchObject({
        mayEnter: false,
        refusal: code,
      });
      const res = await manual(m.phone, clubId, manager);
      expect([res.status, res.body.code]).toEqual([status, code]);
    }
    const black = await memberWith('BLACK_CARD');
    expect((await manual(black.phone, club1.id, manager)).status).toBe(200);
    // The scan after it meets the same pass-back rule.
    expect((await scan(black.code(), club0.id)).body.code).toBe('CHECK_IN_PASS_BACK');
    afterPassBack();
    expect((await scan(black.code(), club0.id)).status).toBe(200);
  });

  test('another club is 403 for EMPLOYEE, a closed or unknown club 404; a phone that is no member’s is 404 code 200; PT and members 403', async () => {
    const m = await memberWith('BLACK_CARD');
    for (const res of [await lookup(m.phone, club0.id, otherEmployee), await manual(m.phone, club0.id, otherEmployee)])
      expect([res.status, res.body.code]).toEqual([403, 6]);
    for (const res of [await lookup(m.phone, 2_000_000_000), await manual(m.phone, 2_000_000_000)])
      expect(res.status).toBe(404);
    for (const phone of [randomPhone(), DEMO_MANAGER_PHONE, trainerPhone(0)]) {
      for (const res of [await lookup(phone, club0.id), await manual(phone, club0.id)])
        expect([res.status, res.body.code]).toEqual([404, 200]);
    }
    const trainer = await staffLogin(gw, trainerPhone(0));
    const member = await gw.signUp();
    for (const token of [trainer, member.token]) {
      for (const res of [await lookup(m.phone, club0.id, token), await manual(m.phone, club0.id, token)])
        expect([res.status, res.body.code]).toEqual([403, 6]);
    }
    expect(await gw.db.select().from(visits).where(eq(visits.accountId, m.id))).toHaveLength(0);
  });

  test('malformed input is 400, never 500', async () => {
    const queries = [
      '',
      '?phoneNumber=abc&clubId=1',
      `?phoneNumber=${DEMO_MEMBER_PHONE}`,
      `?phoneNumber=${DEMO_MEMBER_PHONE}&clubId=x`,
      `?phoneNumber=%00&clubId=1`,
      `?phoneNumber=${DEMO_MEMBER_PHONE}&clubId=0`,
    ];
    for (const q of queries)
      expect((await gw.call('GET', `/api/v1/staff/member${q}`, { token: manager })).status, q).toBe(400);
    const bodies = [
      {},
      { phoneNumber: 1, clubId: club0.id },
      { phoneNumber: DEMO_MEMBER_PHONE, clubId: 'one' },
      { phoneNumber: 'a\u0000b', clubId: club0.id },
      { phoneNumber: DEMO_MEMBER_PHONE, clubId: 1e20 },
      [],
    ];
    for (const json of bodies)
      expect(
        (await gw.call('POST', '/api/v1/staff/check-in/manual', { token: manager, json })).status,
        JSON.stringify(json),
      ).toBe(400);
  });

  test(`phone lookups are capped at ${String(MAX_MEMBER_LOOKUPS_PER_STAFF_PER_HOUR)} an hour per staff account (lookups and manual check-ins together)`, async () => {
    gw.clock.advance(3_600_000);
    const leader = (
      await gw.db
        .insert(accounts)
        .values({ phoneNumber: randomPhone(), accountType: 'LEADER', fullName: 'Trưởng CLB', clubId: club0.id })
        .returning()
    )[0];
    const token = await staffLogin(gw, leader.phoneNumber);
    for (let i = 0; i < MAX_MEMBER_LOOKUPS_PER_STAFF_PER_HOUR - 1; i++)
      expect((await lookup(randomPhone(), club0.id, token)).status).toBe(404);
    expect((await manual(randomPhone(), club0.id, token)).status).toBe(404);
    const capped = await lookup(DEMO_MEMBER_PHONE, club0.id, token);
    expect([capped.status, capped.body.code]).toEqual([429, 'TOO_MANY_REQUESTS']);
    expect((await manual(DEMO_MEMBER_PHONE, club0.id, token)).status).toBe(429);
    // Another staff member is not held back, and the next hour opens again.
    expect((await lookup(DEMO_MEMBER_PHONE, club0.id, manager)).status).toBe(200);
    gw.clock.advance(3_600_000);
    expect((await lookup(DEMO_MEMBER_PHONE, club0.id, token)).status).toBe(200);
  });
});
