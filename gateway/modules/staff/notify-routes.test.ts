import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { staffListSchema } from '#api/staff-settings.ts';
import { accounts, classInstructors, contracts, noticeOutbox, staffActions } from '#gateway/db/schema/index.ts';
import { DEMO_MANAGER_PHONE, DEMO_STAFF_PHONE } from '#gateway/db/seed.ts';
import { randomPhone, startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { buyAndPay, plansOf } from '#tests/support/membership.ts';
import { staffLogin } from '#tests/support/staff.ts';
import { clubAt, openUnpaidContract } from '#tests/support/unpaid-contract.ts';
import { PaymentMethods } from '#api/membership.ts';
import { addDays, vietnamDay, vietnamDayStart } from '#api/vietnam-time.ts';
import { STAFF_NOTICE_LIMITS } from './notify-routes.ts';

// ADR 052: staff notices to members (one by phone, or a club's members) and the staff list.

let gw: TestGateway;
let club1: number;
let club2: number;
let gm: string;
let leader: string;
let leaderId: number;
let employee: string;
type Member = Awaited<ReturnType<TestGateway['signUp']>>;
/** Live members of club 1 (m2 twice), of club 2; unpaid and expired at club 1. */
let m1: Member, m2: Member, m3: Member, unpaid: Member, expired: Member;

beforeAll(async () => {
  gw = await startTestGateway();
  club1 = (await clubAt(gw, 0)).id;
  club2 = (await clubAt(gw, 1)).id;
  const [lead] = await gw.db
    .insert(accounts)
    .values({ phoneNumber: randomPhone(), accountType: 'LEADER', fullName: 'Trưởng CLB', clubId: club1 })
    .returning();
  leaderId = lead.id;
  gm = await staffLogin(gw, DEMO_MANAGER_PHONE);
  leader = await staffLogin(gw, lead.phoneNumber);
  employee = await staffLogin(gw, DEMO_STAFF_PHONE);
  const [plan1a, plan1b] = await plansOf(gw, club1);
  const [plan2] = await plansOf(gw, club2);
  [m1, m2, m3, unpaid, expired] = [
    await gw.signUp(),
    await gw.signUp(),
    await gw.signUp(),
    await gw.signUp(),
    await gw.signUp(),
  ];
  await buyAndPay(gw, m1.token, plan1a.id);
  await buyAndPay(gw, m2.token, plan1a.id);
  await buyAndPay(gw, m2.token, plan1b.id);
  await buyAndPay(gw, m3.token, plan2.id);
  await openUnpaidContract(gw, { accountId: unpaid.profile.id, method: PaymentMethods.CASH, clubId: club1 });
  const past = await buyAndPay(gw, expired.token, plan1a.id);
  const yesterday = addDays(vietnamDay(gw.clock.now()), -1);
  await gw.db
    .update(contracts)
    .set({ startDate: addDays(yesterday, -30), endDate: yesterday })
    .where(eq(contracts.id, past.contract.contractId));
});
afterAll(() => gw.close());

let keyCounter = 0;
const freshKey = () => `test-key-${String(Date.now())}-${String(keyCounter++)}`;
const notice = (to: unknown, extra: Record<string, unknown> = {}) => ({
  to,
  titleVi: 'Bảo trì hồ bơi',
  titleEn: 'Pool maintenance',
  bodyVi: 'Hồ bơi đóng cửa thứ Hai.',
  bodyEn: 'The pool is closed on Monday.',
  link: '/home',
  ...extra,
});
const send = (token: string, json: unknown, key: string | null = freshKey()) =>
  gw.call('POST', '/api/v1/staff/notifications', {
    token,
    json,
    headers: key === null ? {} : { 'Idempotency-Key': key },
  });
const sendRows = () =>
  gw.db.select().from(staffActions).where(eq(staffActions.action, 'notification.send')).orderBy(staffActions.id);
const outboxOf = async (member: Member, titleVi: string) =>
  gw.db
    .select()
    .from(noticeOutbox)
    .where(and(eq(noticeOutbox.accountId, member.profile.id), sql`${noticeOutbox.content}->>'titleVi' = ${titleVi}`));
const inbox = async (member: Member) =>
  (await gw.call('GET', '/api/v1/member/notifications', { token: member.token })).body.data.items as {
    kind: string;
    titleVi: string;
    link: string | null;
  }[];

describe('POST /staff/notifications to one member', () => {
  test('the desk sends to a member of its club: stored in the inbox (GENERAL, with its link), one audit row', async () => {
    const res = await send(employee, notice({ phoneNumber: m1.phone }, { titleVi: 'Chào An' }));
    expect(res.body).toMatchObject({ code: 1000, data: { sent: 1 } });
    expect((await inbox(m1)).find((n) => n.titleVi === 'Chào An')).toMatchObject({ kind: 'GENERAL', link: '/home' });
    const rows = await sendRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      subjectType: 'member',
      subjectId: m1.profile.id,
      clubId: club1,
      after: { to: { phoneNumber: m1.phone }, sent: 1, titleVi: 'Chào An' },
    });
  });

  test('a double tap (the same Idempotency-Key, also at once) sends once and answers the same', async () => {
    const key = freshKey();
    const body = notice({ phoneNumber: m1.phone }, { titleVi: 'Một lần thôi' });
    const first = await send(employee, body, key);
    const again = await send(employee, body, key);
    expect(first.body.data).toEqual({ sent: 1 });
    expect(again.body).toMatchObject({ code: 1000, data: { sent: 1 } });
    const together = freshKey();
    const racing = notice({ phoneNumber: m1.phone }, { titleVi: 'Cùng lúc' });
    const answers = await Promise.all([
      send(employee, racing, together),
      send(employee, racing, together),
      send(employee, racing, together),
    ]);
    expect(answers.map((a) => a.body.data)).toEqual([{ sent: 1 }, { sent: 1 }, { sent: 1 }]);
    expect(await outboxOf(m1, 'Một lần thôi')).toHaveLength(1);
    expect(await outboxOf(m1, 'Cùng lúc')).toHaveLength(1);
    expect(
      (await sendRows()).filter((r) => ['Một lần thôi', 'Cùng lúc'].includes((r.after as { titleVi: string }).titleVi)),
    ).toHaveLength(2);
    // The key belongs to its sender: another staff account's same key is a send of its own.
    expect((await send(gm, body, key)).body.data).toEqual({ sent: 1 });
    expect(await outboxOf(m1, 'Một lần thôi')).toHaveLength(2);
  });

  test('a key reused for another notice, a missing or malformed key: 400 code 2 on idempotencyKey, nothing sent', async () => {
    const key = freshKey();
    await send(employee, notice({ phoneNumber: m1.phone }, { titleVi: 'Khoá A' }), key);
    const before = (await sendRows()).length;
    for (const [body, k] of [
      [notice({ phoneNumber: m1.phone }, { titleVi: 'Khoá B' }), key],
      [notice({ phoneNumber: m1.phone }, { titleVi: 'Khoá C' }), null],
      [notice({ phoneNumber: m1.phone }, { titleVi: 'Khoá D' }), 'short'],
      [notice({ phoneNumber: m1.phone }, { titleVi: 'Khoá E' }), 'has spaces in it'],
    ] as const) {
      const res = await send(employee, body, k);
      expect([res.status, res.body.code]).toEqual([400, 2]);
      expect(Object.keys(res.body.data.fieldErrors)).toEqual(['idempotencyKey']);
    }
    expect(await sendRows()).toHaveLength(before);
    for (const title of ['Khoá B', 'Khoá C', 'Khoá D', 'Khoá E']) expect(await outboxOf(m1, title)).toHaveLength(0);
  });

  test('an unknown phone or a staff phone is 404 code 200; a member of another club (or none) 403 code 6 for the desk, fine for the GM', async () => {
    const before = (await sendRows()).length;
    for (const phone of [randomPhone(), DEMO_MANAGER_PHONE]) {
      const res = await send(employee, notice({ phoneNumber: phone }));
      expect([res.status, res.body.code]).toEqual([404, 200]);
    }
    for (const member of [m3, unpaid, expired]) {
      const res = await send(leader, notice({ phoneNumber: member.phone }, { titleVi: 'Không được' }));
      expect([res.status, res.body.code]).toEqual([403, 6]);
      expect(await outboxOf(member, 'Không được')).toHaveLength(0);
    }
    expect(await sendRows()).toHaveLength(before);
    expect((await send(gm, notice({ phoneNumber: m3.phone }, { titleVi: 'Từ GM' }))).body.data).toEqual({ sent: 1 });
    expect((await sendRows()).at(-1)).toMatchObject({ subjectId: m3.profile.id, clubId: null });
  });
});

describe('POST /staff/notifications to a club', () => {
  test("the LEADER sends to their club: every live member once (two memberships: one notice), not the unpaid, expired or another club's", async () => {
    const res = await send(leader, notice({ clubId: club1 }, { titleVi: 'Tin câu lạc bộ' }));
    expect(res.status).toBe(200);
    const queued = await gw.db
      .select()
      .from(noticeOutbox)
      .where(sql`${noticeOutbox.content}->>'titleVi' = 'Tin câu lạc bộ'`);
    expect(res.body.data.sent).toBe(queued.length);
    expect(new Set(queued.map((q) => q.accountId)).size).toBe(queued.length);
    for (const member of [m1, m2]) expect(await outboxOf(member, 'Tin câu lạc bộ')).toHaveLength(1);
    for (const member of [m3, unpaid, expired]) expect(await outboxOf(member, 'Tin câu lạc bộ')).toHaveLength(0);
    // Only members: the club's staff get nothing.
    expect(queued.map((q) => q.accountId)).not.toContain(leaderId);
    expect((await sendRows()).at(-1)).toMatchObject({
      actorAccountId: leaderId,
      subjectType: 'club',
      subjectId: club1,
      clubId: club1,
      after: { sent: queued.length },
    });
    // Delivered through the outbox: in the members' inboxes.
    expect((await inbox(m1)).map((n) => n.titleVi)).toContain('Tin câu lạc bộ');
  });

  test('another club is 403 code 6 for the LEADER and the EMPLOYEE; the GM sends to any club; an unknown club is 404', async () => {
    const before = (await sendRows()).length;
    for (const token of [leader, employee]) {
      const res = await send(token, notice({ clubId: club2 }, { titleVi: 'CLB khác' }));
      expect([res.status, res.body.code]).toEqual([403, 6]);
    }
    expect((await send(gm, notice({ clubId: 2_000_000_000 }))).status).toBe(404);
    expect(await sendRows()).toHaveLength(before);
    const res = await send(gm, notice({ clubId: club2 }, { titleVi: 'CLB 2' }));
    expect(res.body.data.sent).toBeGreaterThanOrEqual(1);
    expect(await outboxOf(m3, 'CLB 2')).toHaveLength(1);
    expect(await outboxOf(m1, 'CLB 2')).toHaveLength(0);
  });

  test(`${String(STAFF_NOTICE_LIMITS.clubPerDay)} club sends a day per staff account, then 429 without a row; the next Vietnam day again`, async () => {
    const [desk] = await gw.db
      .insert(accounts)
      .values({ phoneNumber: randomPhone(), accountType: 'EMPLOYEE', fullName: 'Lễ tân 2', clubId: club2 })
      .returning();
    const token = await staffLogin(gw, desk.phoneNumber);
    // Start at the beginning of a Vietnam day, so the sends below stay in one.
    const now = gw.clock.now().getTime();
    const dayStart = vietnamDayStart(vietnamDay(gw.clock.now())).getTime();
    gw.clock.advance(dayStart + 86_400_000 + 60_000 - now);
    for (let i = 0; i < STAFF_NOTICE_LIMITS.clubPerDay; i++)
      expect((await send(token, notice({ clubId: club2 }))).status).toBe(200);
    const rows = (await sendRows()).length;
    const over = await send(token, notice({ clubId: club2 }));
    expect([over.status, over.body.code]).toEqual([429, 'TOO_MANY_REQUESTS']);
    expect(await sendRows()).toHaveLength(rows);
    // One member at a time still goes (its own cap); tomorrow the club again.
    expect((await send(token, notice({ phoneNumber: m3.phone }))).status).toBe(200);
    gw.clock.advance(86_400_000);
    expect((await send(token, notice({ clubId: club2 }))).status).toBe(200);
  });
});

describe('bad input never 500, never sends', () => {
  test.each([
    ['a NUL in the title', notice({ phoneNumber: '0100000002' }, { titleVi: 'a\u0000b' })],
    ['a lone surrogate in the body', notice({ phoneNumber: '0100000002' }, { bodyEn: 'x\uDC00' })],
    ['an overlong title', notice({ phoneNumber: '0100000002' }, { titleEn: 't'.repeat(101) })],
    ['an overlong body', notice({ phoneNumber: '0100000002' }, { bodyVi: 'b'.repeat(1001) })],
    ['an empty title', notice({ phoneNumber: '0100000002' }, { titleVi: '   ' })],
    ['a link to another site', notice({ phoneNumber: '0100000002' }, { link: '//evil.example/x' })],
    ['a full URL', notice({ phoneNumber: '0100000002' }, { link: 'https://evil.example/' })],
    ['a backslash link', notice({ phoneNumber: '0100000002' }, { link: '/\\evil.example' })],
    ['a javascript: link', notice({ phoneNumber: '0100000002' }, { link: 'javascript:alert(1)' })],
    ['both a phone and a club', notice({ phoneNumber: '0100000002', clubId: 1 })],
    ['no target', notice({})],
    ['a club id as text', notice({ clubId: '1' })],
    ['a negative club id', notice({ clubId: -1 })],
    ['a huge club id', notice({ clubId: 2 ** 40 })],
    ['a bad phone', notice({ phoneNumber: '12ab' })],
    ['not an object', [1, 2]],
  ])('%s: 400 code 2', async (_, body) => {
    const before = (await sendRows()).length;
    const res = await send(gm, body);
    expect([res.status, res.body.code]).toEqual([400, 2]);
    expect(await sendRows()).toHaveLength(before);
  });

  test('malformed JSON is 400 code 2', async () => {
    const res = await gw.call('POST', '/api/v1/staff/notifications', {
      token: gm,
      body: '{"to":',
      headers: { 'content-type': 'application/json', 'Idempotency-Key': freshKey() },
    });
    expect([res.status, res.body.code]).toEqual([400, 2]);
  });
});

describe('GET /staff/staff-list', () => {
  test("the LEADER reads their club's LEADER, EMPLOYEE and PT accounts, no one else", async () => {
    const res = await gw.call('GET', '/api/v1/staff/staff-list', { token: leader });
    const { staff } = staffListSchema.parse(res.body.data);
    expect(staff.every((s) => s.clubId === club1)).toBe(true);
    expect(staff.find((s) => s.id === leaderId)).toMatchObject({ accountType: 'LEADER', fullName: 'Trưởng CLB' });
    // LEADERs first, then EMPLOYEEs, then PTs.
    const rank = { LEADER: 0, EMPLOYEE: 1, PT: 2 };
    expect(staff.map((s) => rank[s.accountType])).toEqual(staff.map((s) => rank[s.accountType]).sort());
    expect(staff.map((s) => s.phoneNumber)).toContain(DEMO_STAFF_PHONE);
    expect(new Set(staff.map((s) => s.accountType))).toEqual(new Set(['LEADER', 'EMPLOYEE', 'PT']));
    expect(staff.map((s) => s.phoneNumber)).not.toContain(DEMO_MANAGER_PHONE);
    expect(staff.map((s) => s.phoneNumber)).not.toContain(m1.phone);
    // Class instructors are EMPLOYEE accounts, told apart from the front desk (issue 38 §16).
    const instructors = await gw.db.select({ id: classInstructors.accountId }).from(classInstructors);
    const taught = staff.filter((s) => s.isClassInstructor);
    expect(taught.length).toBeGreaterThan(0);
    expect(taught.every((s) => s.accountType === 'EMPLOYEE' && instructors.some((i) => i.id === s.id))).toBe(true);
    expect(staff.find((s) => s.phoneNumber === DEMO_STAFF_PHONE)?.isClassInstructor).toBe(false);
    expect(
      (await gw.call('GET', `/api/v1/staff/staff-list?clubId=${String(club1)}`, { token: leader })).body.data,
    ).toEqual(res.body.data);
  });

  test('another club is 403 for the LEADER; the GM reads one club or every club; bad ids 400; the EMPLOYEE 403', async () => {
    expect(
      (await gw.call('GET', `/api/v1/staff/staff-list?clubId=${String(club2)}`, { token: leader })).body.code,
    ).toBe(6);
    const two = staffListSchema.parse(
      (await gw.call('GET', `/api/v1/staff/staff-list?clubId=${String(club2)}`, { token: gm })).body.data,
    ).staff;
    expect(two.length).toBeGreaterThan(0);
    expect(two.every((s) => s.clubId === club2)).toBe(true);
    const all = staffListSchema.parse(
      (await gw.call('GET', '/api/v1/staff/staff-list', { token: gm })).body.data,
    ).staff;
    expect(new Set(all.map((s) => s.clubId)).size).toBeGreaterThan(1);
    expect(all.length).toBeGreaterThan(two.length);
    for (const q of ['abc', '0', '-1', '99999999999', '1%00']) {
      const res = await gw.call('GET', `/api/v1/staff/staff-list?clubId=${q}`, { token: gm });
      expect([res.status, res.body.code]).toEqual([400, 2]);
    }
    expect((await gw.call('GET', '/api/v1/staff/staff-list', { token: employee })).status).toBe(403);
  });
});
