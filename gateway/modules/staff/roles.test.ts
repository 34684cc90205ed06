import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { staffMeSchema } from '#api/staff.ts';
import { accounts, clubs } from '#gateway/db/schema/index.ts';
import { DEMO_MANAGER_PHONE, DEMO_MEMBER_PHONE, DEMO_STAFF_PHONE } from '#gateway/db/seed.ts';
import { instructorPhone } from '#gateway/db/seed-classes.ts';
import { trainerPhone } from '#gateway/db/seed-pt.ts';
import { randomPhone, startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { staffLogin } from '#tests/support/staff.ts';
import { clubAt } from '#tests/support/unpaid-contract.ts';

// ADR 049: who may call which staff endpoint. The table below must name every route the app serves
// under /api/v1/staff: a new staff endpoint without a line here fails the first test.
type Caller = 'anonymous' | 'MEMBER' | 'EMPLOYEE' | 'EMPLOYEE_OTHER_CLUB' | 'PT' | 'LEADER' | 'GM';
const callers: Caller[] = ['anonymous', 'MEMBER', 'EMPLOYEE', 'EMPLOYEE_OTHER_CLUB', 'PT', 'LEADER', 'GM'];

/** The front desk of a club: EMPLOYEE and LEADER at theirs, GM at every club. */
const desk: Caller[] = ['EMPLOYEE', 'EMPLOYEE_OTHER_CLUB', 'LEADER', 'GM'];
/** The same, when the request names club 1 itself: the other club's EMPLOYEE is 403. */
const deskOfClub1: Caller[] = ['EMPLOYEE', 'LEADER', 'GM'];
const trainer: Caller[] = ['PT'];
const workforce: Caller[] = ['EMPLOYEE', 'EMPLOYEE_OTHER_CLUB', 'PT', 'LEADER', 'GM'];

type Expectation = { allowed: Caller[] | 'public'; query?: string; json?: (club1: number) => unknown };
const cash = { allowed: desk, json: () => ({ amount: 100_000 }) };
const expectations: Record<string, Expectation> = {
  'POST /api/v1/staff/auth/otp/send': { allowed: 'public' },
  'POST /api/v1/staff/auth/otp/login': { allowed: 'public' },
  'GET /api/v1/staff/me': { allowed: workforce },
  'GET /api/v1/staff/audit': { allowed: ['LEADER', 'GM'], query: 'clubId={club1}' },
  'GET /api/v1/staff/settings': { allowed: ['GM'] },
  'PUT /api/v1/staff/settings/app-version': { allowed: ['GM'], json: () => ({ valueVi: '1.0.0', valueEn: '1.0.0' }) },
  'PUT /api/v1/staff/content-page/{slug}': { allowed: ['GM'] },
  'PUT /api/v1/staff/freeze-option/{days}': { allowed: ['GM'], json: () => ({ price: 100_000 }) },
  'PUT /api/v1/staff/payment-plan/{id}': { allowed: ['GM'], json: () => ({ originalPrice: 100_000 }) },
  'POST /api/v1/staff/coupon-campaign': { allowed: ['GM'] },
  'PUT /api/v1/staff/coupon-campaign/{id}/end': { allowed: ['GM'] },
  'POST /api/v1/staff/notifications': {
    allowed: ['EMPLOYEE', 'EMPLOYEE_OTHER_CLUB', 'LEADER', 'GM'],
    json: () => ({ to: { phoneNumber: randomPhone() }, titleVi: 'a', titleEn: 'a', bodyVi: 'b', bodyEn: 'b' }),
  },
  'GET /api/v1/staff/staff-list': { allowed: ['LEADER', 'GM'], query: 'clubId={club1}' },
  'GET /api/v1/staff/contracts/waiting': { allowed: desk },
  'POST /api/v1/staff/contract/{id}/cash/confirm': cash,
  'POST /api/v1/staff/freeze-contract/{id}/cash/confirm': cash,
  'POST /api/v1/staff/pt-contract/{id}/cash/confirm': cash,
  'POST /api/v1/staff/cash-payment/{id}/confirm': cash,
  'GET /api/v1/staff/free-sessions': { allowed: desk },
  'GET /api/v1/staff/trials': { allowed: desk },
  'GET /api/v1/staff/today': { allowed: deskOfClub1, query: 'clubId={club1}' },
  'POST /api/v1/staff/free-session/{id}/propose': {
    allowed: desk,
    json: () => ({ date: '2030-01-02', afterMinute: 600, ptId: 1 }),
  },
  'GET /api/v1/staff/payment-events': { allowed: desk },
  'PUT /api/v1/staff/payment-event/{id}/reviewed': { allowed: desk },
  'GET /api/v1/staff/feedback': { allowed: deskOfClub1, query: 'clubId={club1}' },
  'PUT /api/v1/staff/feedback/{id}/handled': { allowed: desk, json: () => ({ reply: 'Cảm ơn bạn' }) },
  'POST /api/v1/staff/check-in': { allowed: desk, json: (club1) => ({ code: 'not-a-code', clubId: club1 }) },
  'GET /api/v1/staff/member': { allowed: deskOfClub1, query: `phoneNumber=${DEMO_MEMBER_PHONE}&clubId={club1}` },
  'POST /api/v1/staff/check-in/manual': {
    allowed: deskOfClub1,
    json: (club1) => ({ phoneNumber: randomPhone(), clubId: club1 }),
  },
  'GET /api/v1/staff/pt/bookings': { allowed: trainer },
  'GET /api/v1/staff/pt/requests': { allowed: trainer },
  'PUT /api/v1/staff/pt-contract/{id}/accept': { allowed: trainer },
  'PUT /api/v1/staff/pt-contract/{id}/reject': { allowed: trainer },
  'PUT /api/v1/staff/pt-booking/{id}/confirm': { allowed: trainer },
  'PUT /api/v1/staff/pt-booking/{id}/reject': { allowed: trainer },
  'PUT /api/v1/staff/pt-booking/{id}/complete': { allowed: trainer },
  'PUT /api/v1/staff/pt-booking/{id}/no-show': { allowed: trainer },
  'GET /api/v1/staff/classes': { allowed: deskOfClub1, query: 'clubId={club1}' },
  'PUT /api/v1/staff/class-booking/{id}/attendance': { allowed: desk, json: () => ({ attended: true }) },
  'PUT /api/v1/staff/class-session/{id}/cancel': { allowed: desk, json: () => ({ reason: 'Huấn luyện viên bị ốm' }) },
};

let gw: TestGateway;
let club1: number;
const tokens = {} as Record<Exclude<Caller, 'anonymous'>, string>;

beforeAll(async () => {
  gw = await startTestGateway();
  club1 = (await clubAt(gw, 0)).id;
  const [leader] = await gw.db
    .insert(accounts)
    .values({ phoneNumber: randomPhone(), accountType: 'LEADER', fullName: 'Trưởng CLB', clubId: club1 })
    .returning();
  tokens.MEMBER = (await gw.signUp()).token;
  tokens.EMPLOYEE = await staffLogin(gw, DEMO_STAFF_PHONE);
  // The class instructors of the second club are its EMPLOYEEs (seed-classes.ts).
  tokens.EMPLOYEE_OTHER_CLUB = await staffLogin(gw, instructorPhone(2));
  tokens.PT = await staffLogin(gw, trainerPhone(0));
  tokens.LEADER = await staffLogin(gw, leader.phoneNumber);
  tokens.GM = await staffLogin(gw, DEMO_MANAGER_PHONE);
});
afterAll(() => gw.close());

const staffRoutes = () =>
  [
    ...new Set(
      gw.app.routes
        .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/v1/staff/'))
        .map((r) => `${r.method} ${r.path.replace(/:(\w+)(\{.*\})?/g, '{$1}')}`),
    ),
  ].sort();

test('every /api/v1/staff route has a line in the role table, and every line a route', () => {
  const served = staffRoutes();
  expect(served.length).toBeGreaterThan(20);
  for (const route of served)
    expect(Object.keys(expectations), `${route} has no line in the role table (ADR 049)`).toContain(route);
  for (const line of Object.keys(expectations)) expect(served, `${line} is not served`).toContain(line);
});

describe.each(Object.entries(expectations).filter(([, e]) => e.allowed !== 'public'))('%s', (route, expectation) => {
  test.each(callers)('as %s', async (caller) => {
    const [method, template] = route.split(' ');
    const path =
      template.replace(/\{\w+\}/g, '2000000000') +
      (expectation.query ? `?${expectation.query.replace('{club1}', String(club1))}` : '');
    const res = await gw.call(method, path, {
      token: caller === 'anonymous' ? undefined : tokens[caller],
      json: expectation.json?.(club1),
    });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    if (caller === 'anonymous') {
      expect([res.status, res.body.code]).toEqual([401, -1]);
    } else if ((expectation.allowed as Caller[]).includes(caller)) {
      expect([401, 403], JSON.stringify(res.body)).not.toContain(res.status);
    } else {
      expect([res.status, res.body.code], JSON.stringify(res.body)).toEqual([403, 6]);
    }
  });
});

describe('GET /staff/me', () => {
  test('each workforce account: who, its club and where it may act (a GM: every active club, no club of its own)', async () => {
    const active = await gw.db.select({ id: clubs.id }).from(clubs).where(eq(clubs.isActive, true));
    for (const caller of ['EMPLOYEE', 'EMPLOYEE_OTHER_CLUB', 'PT', 'LEADER'] as const) {
      const me = staffMeSchema.parse((await gw.call('GET', '/api/v1/staff/me', { token: tokens[caller] })).body.data);
      expect(me.accountType).toBe(caller === 'EMPLOYEE_OTHER_CLUB' ? 'EMPLOYEE' : caller);
      expect(me.club).toMatchObject({ id: me.clubId, nameVi: expect.any(String), nameEn: expect.any(String) });
      expect(me.clubs).toEqual([me.club]);
      if (caller !== 'EMPLOYEE_OTHER_CLUB') expect(me.clubId).toBe(club1);
      else expect(me.clubId).not.toBe(club1);
    }
    const gm = staffMeSchema.parse((await gw.call('GET', '/api/v1/staff/me', { token: tokens.GM })).body.data);
    expect(gm).toMatchObject({ accountType: 'GM', clubId: null, club: null, fullName: expect.any(String) });
    expect(gm.clubs.map((c) => c.id).sort()).toEqual(active.map((c) => c.id).sort());
  });
});
