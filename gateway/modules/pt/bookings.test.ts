import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PT_SESSION_MINUTES, ptBookingScreenSchema } from '#api/pt.ts';
import {
  clubs,
  ptBookings,
  ptContracts,
  ptEContracts,
  ptPackages,
  ptTrainers,
  staffActions,
} from '#gateway/db/schema/index.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { clubTrainers, markEContractSigned, memberWithPackage, trainerToken, type Trainer } from '#tests/support/pt.ts';

// Issue 13 §3 (ADR 046): booking sessions with one's trainer. The trainer's clash and one session a
// day are the database's to enforce: members racing for the same hour get one booking, not two.
let gw: TestGateway;
let clubId: number;
let packageId: number;
let trainers: Trainer[];
beforeAll(async () => {
  gw = await startTestGateway();
  [{ id: clubId }] = await gw.db
    .select({ id: clubs.id })
    .from(clubs)
    .where(eq(clubs.isActive, true))
    .orderBy(asc(clubs.id))
    .limit(1);
  [{ id: packageId }] = await gw.db
    .select({ id: ptPackages.id })
    .from(ptPackages)
    .where(and(eq(ptPackages.clubId, clubId), eq(ptPackages.sessions, 10)));
  trainers = await clubTrainers(gw, clubId);
});
afterAll(() => gw.close());

const screen = async (token: string, query = '') =>
  ptBookingScreenSchema.parse((await gw.call('GET', `/api/v1/member/screens/pt-booking${query}`, { token })).body.data);
const book = (token: string, ptContractId: number, json: { afterMinute: number; date?: string }) =>
  gw.call('POST', `/api/v1/member/pt-contract/${String(ptContractId)}/booking`, { token, json });

/** The first bookable day after today with at least `n` free starts for this member's contract. */
async function dayWithSlots(token: string, ptContractId: number, n = 2, after = '') {
  const first = await screen(token, `?ptContractId=${String(ptContractId)}`);
  for (const day of first.days.filter((d) => d > after).slice(1)) {
    const s = await screen(token, `?ptContractId=${String(ptContractId)}&date=${day}`);
    if (s.slots.length >= n) return { date: day, slots: s.slots };
  }
  throw new Error('no bookable day with free starts');
}

describe('PT booking (issue 13 §3, ADR 046)', () => {
  test('book (1033) a free start; the trainer confirms, cannot be cancelled (458); completes; rated once (1128, 460); sessions counted', async () => {
    const m = await memberWithPackage(gw, { clubId, packageId, trainer: trainers[0] });
    const { date, slots } = await dayWithSlots(m.token, m.ptContractId);
    const made = await book(m.token, m.ptContractId, { date, afterMinute: slots[0].afterMinute });
    expect([made.status, made.body.code]).toEqual([200, 1033]);
    expect(made.body.data).toMatchObject({
      status: 'WAITPTCONFIRM',
      date,
      startTime: slots[0].time,
      canCancel: true,
      canRate: false,
    });
    const bookingId = made.body.data.bookingId as number;
    const [contract] = await gw.db.select().from(ptContracts).where(eq(ptContracts.id, m.ptContractId));
    expect(contract.sessionsUsed).toBe(1);
    // The start is no longer offered to anyone.
    expect(
      (await screen(m.token, `?ptContractId=${String(m.ptContractId)}&date=${date}`)).slots.map((s) => s.afterMinute),
    ).not.toContain(slots[0].afterMinute);
    const current = await gw.call('GET', '/api/v1/member/booking/current', { token: m.token });
    expect(current.body.data.map((b: { bookingId: number }) => b.bookingId)).toEqual([bookingId]);

    const trainer = await trainerToken(gw, trainers[0]);
    expect(
      (
        await gw.call('PUT', `/api/v1/staff/pt-booking/${String(bookingId)}/confirm`, {
          token: await trainerToken(gw, trainers[1]),
        })
      ).status,
    ).toBe(404);
    expect(
      (await gw.call('PUT', `/api/v1/staff/pt-booking/${String(bookingId)}/confirm`, { token: trainer })).body.data,
    ).toEqual({ bookingId, status: 'BOOKED' });
    expect(
      (await gw.call('PUT', `/api/v1/member/booking/${String(bookingId)}/cancel`, { token: m.token })).body.code,
    ).toBe(458);
    expect(
      (
        await gw.call('PUT', `/api/v1/member/booking/${String(bookingId)}/rating`, {
          token: m.token,
          json: { rating: 5 },
        })
      ).body.code,
    ).toBe(459);
    // Not before it starts.
    expect(
      (await gw.call('PUT', `/api/v1/staff/pt-booking/${String(bookingId)}/complete`, { token: trainer })).status,
    ).toBe(409);
    const [row] = await gw.db.select().from(ptBookings).where(eq(ptBookings.id, bookingId));
    gw.clock.set(new Date(row.startsAt.getTime() + 61 * 60_000));
    expect(
      (await gw.call('PUT', `/api/v1/staff/pt-booking/${String(bookingId)}/complete`, { token: trainer })).body.data
        .status,
    ).toBe('COMPLETED');
    expect(
      (await gw.call('PUT', `/api/v1/staff/pt-booking/${String(bookingId)}/complete`, { token: trainer })).body.data
        .status,
    ).toBe('COMPLETED');
    // The trainer's answers in the audit log (ADR 049): the accept, confirm and complete once each; refused and repeated ones none.
    const audited = (subjectType: string, id: number) =>
      gw.db
        .select()
        .from(staffActions)
        .where(and(eq(staffActions.subjectType, subjectType), eq(staffActions.subjectId, id)))
        .orderBy(asc(staffActions.id));
    expect(
      (await audited('pt-booking', bookingId)).map((r) => [r.action, r.actorAccountId, r.clubId, r.before, r.after]),
    ).toEqual([
      ['pt-booking.confirm', trainers[0].id, clubId, { status: 'WAITPTCONFIRM' }, { status: 'BOOKED' }],
      ['pt-booking.complete', trainers[0].id, clubId, { status: 'BOOKED' }, { status: 'COMPLETED' }],
    ]);
    expect((await audited('pt-contract', m.ptContractId)).map((r) => [r.action, r.before, r.after])).toEqual([
      ['pt-contract.accept', { state: 'WAITPTCONFIRM' }, { state: 'WAITFORPAYMENT' }],
    ]);
    const [before] = await gw.db.select().from(ptTrainers).where(eq(ptTrainers.accountId, trainers[0].id));
    const rated = await gw.call('PUT', `/api/v1/member/booking/${String(bookingId)}/rating`, {
      token: m.token,
      json: { rating: 4 },
    });
    expect([rated.body.code, rated.body.data.rating, rated.body.data.canRate]).toEqual([1128, 4, false]);
    expect(
      (
        await gw.call('PUT', `/api/v1/member/booking/${String(bookingId)}/rating`, {
          token: m.token,
          json: { rating: 4 },
        })
      ).body.code,
    ).toBe(460);
    expect(
      (
        await gw.call('PUT', `/api/v1/member/booking/${String(bookingId)}/rating`, {
          token: m.token,
          json: { rating: 6 },
        })
      ).status,
    ).toBe(400);
    const [after] = await gw.db.select().from(ptTrainers).where(eq(ptTrainers.accountId, trainers[0].id));
    expect([after.ratingSum - before.ratingSum, after.ratingCount - before.ratingCount]).toEqual([4, 1]);
  });

  test('two members racing for one trainer hour: one booking, the other 456; the loser keeps their session', async () => {
    // Three races at three hours: on PostgreSQL two inserts under the exclusion constraint can
    // deadlock (40P01), and the aborted one must be run again to get 456, never a 500.
    const withTrainer1 = () => memberWithPackage(gw, { clubId, packageId, trainer: trainers[1] });
    const first = await withTrainer1();
    const { date, slots } = await dayWithSlots(first.token, first.ptContractId, 6);
    // Starts a whole session apart, so that the races do not overlap one another.
    const starts = slots
      .map((s) => s.afterMinute)
      .filter((m, _, all) => (m - all[0]) % PT_SESSION_MINUTES === 0)
      .slice(0, 3);
    expect(starts.length).toBeGreaterThan(1);
    for (const [i, start] of starts.entries()) {
      const [a, b] = [i === 0 ? first : await withTrainer1(), await withTrainer1()];
      const answers = await Promise.all([
        book(a.token, a.ptContractId, { date, afterMinute: start }),
        book(b.token, b.ptContractId, { date, afterMinute: start }),
      ]);
      expect(answers.map((r) => r.body.code).sort()).toEqual([1033, 456]);
      const held = await gw.db
        .select()
        .from(ptBookings)
        .where(
          and(
            eq(ptBookings.trainerAccountId, trainers[1].id),
            eq(ptBookings.day, date),
            eq(ptBookings.afterMinute, start),
          ),
        );
      expect(held).toHaveLength(1);
      const loser = answers[0].body.code === 456 ? a : b;
      const [contract] = await gw.db.select().from(ptContracts).where(eq(ptContracts.id, loser.ptContractId));
      expect(contract.sessionsUsed).toBe(0);
      // Half an hour later overlaps the same hour: also refused.
      if (i === 0 && slots.some((s) => s.afterMinute === start + 30))
        expect((await book(loser.token, loser.ptContractId, { date, afterMinute: start + 30 })).body.code).toBe(456);
    }
  });

  test('164 times outside the rules, 166 twice a day, 165 before the last session is done, cancel gives the session back', async () => {
    const m = await memberWithPackage(gw, { clubId, packageId, trainer: trainers[2] });
    const { date, slots } = await dayWithSlots(m.token, m.ptContractId, 2);
    expect((await book(m.token, m.ptContractId, { date, afterMinute: slots[0].afterMinute + 15 })).body.code).toBe(164);
    expect((await book(m.token, m.ptContractId, { date, afterMinute: 1 })).body.code).toBe(164);
    expect(
      (await book(m.token, m.ptContractId, { date: '2099-01-01', afterMinute: slots[0].afterMinute })).body.code,
    ).toBe(164);
    expect((await book(m.token, m.ptContractId, { afterMinute: 2000 })).status).toBe(400);
    expect((await book(m.token, m.ptContractId, { date: 'tomorrow', afterMinute: 600 })).status).toBe(400);

    const first = await book(m.token, m.ptContractId, { date, afterMinute: slots[0].afterMinute });
    expect(first.body.code).toBe(1033);
    const sameDay = await book(m.token, m.ptContractId, { date, afterMinute: slots.at(-1)!.afterMinute });
    expect([sameDay.body.code, sameDay.body.message]).toEqual([
      166,
      'Bạn chỉ có thể đặt 1 buổi tập mỗi ngày: hãy chọn ngày khác.',
    ]);
    const later = await dayWithSlots(m.token, m.ptContractId, 1, date);
    // The refusal says the rule (issue 38 §5): one open session at a time, whatever the day.
    const next = await book(m.token, m.ptContractId, { date: later.date, afterMinute: later.slots[0].afterMinute });
    expect([next.body.code, next.body.message]).toEqual([
      165,
      'Mỗi lần chỉ đặt được một buổi với huấn luyện viên (PT): hãy tập xong (hoặc hủy) buổi đã đặt rồi đặt buổi tiếp theo.',
    ]);
    const nextEn = await gw.call('POST', `/api/v1/member/pt-contract/${String(m.ptContractId)}/booking`, {
      token: m.token,
      lang: 'en',
      json: { date: later.date, afterMinute: later.slots[0].afterMinute },
    });
    expect(nextEn.body.message).toBe(
      'You can book one PT session at a time: finish (or cancel) the session you booked, then book the next.',
    );

    const id = first.body.data.bookingId as number;
    const cancelled = await gw.call('PUT', `/api/v1/member/booking/${String(id)}/cancel`, { token: m.token });
    expect([cancelled.body.code, cancelled.body.data.status]).toEqual([1035, 'CANCELLED']);
    expect((await gw.call('PUT', `/api/v1/member/booking/${String(id)}/cancel`, { token: m.token })).body.code).toBe(
      1035,
    );
    const [contract] = await gw.db.select().from(ptContracts).where(eq(ptContracts.id, m.ptContractId));
    expect(contract.sessionsUsed).toBe(0);
    // The hour is free again, for this member too.
    expect((await book(m.token, m.ptContractId, { date, afterMinute: slots[0].afterMinute })).body.code).toBe(1033);

    // Another member's booking and contract are not found; an unpaid contract books nothing (163).
    const other = await gw.signUp();
    expect((await gw.call('PUT', `/api/v1/member/booking/${String(id)}/cancel`, { token: other.token })).status).toBe(
      404,
    );
    expect((await book(other.token, m.ptContractId, { date, afterMinute: slots[1].afterMinute })).body.code).toBe(163);
  });

  test('sessions are booked under a signed e-contract only (issue 38 §6): PT_CONTRACT_UNSIGNED, and the screen names the contract to sign', async () => {
    const m = await memberWithPackage(gw, { clubId, packageId, trainer: trainers[1], unsigned: true });
    const s = await screen(m.token, `?ptContractId=${String(m.ptContractId)}`);
    const [eContract] = await gw.db.select().from(ptEContracts).where(eq(ptEContracts.ptContractId, m.ptContractId));
    expect(s.eContractToSign).toBe(eContract.id);
    const { date, slots } = await dayWithSlots(m.token, m.ptContractId, 1);
    const refused = await book(m.token, m.ptContractId, { date, afterMinute: slots[0].afterMinute });
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([
      409,
      'PT_CONTRACT_UNSIGNED',
      'Vui lòng ký hợp đồng điện tử của gói PT trước khi đặt lịch tập.',
    ]);
    const [contract] = await gw.db.select().from(ptContracts).where(eq(ptContracts.id, m.ptContractId));
    expect(contract.sessionsUsed).toBe(0);
    await markEContractSigned(gw, m.ptContractId);
    expect((await screen(m.token, `?ptContractId=${String(m.ptContractId)}`)).eContractToSign).toBeNull();
    expect((await book(m.token, m.ptContractId, { date, afterMinute: slots[0].afterMinute })).body.code).toBe(1033);
  });
});
