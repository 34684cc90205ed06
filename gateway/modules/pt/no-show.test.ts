import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ptBookingSchema, ptBookingScreenSchema, trainerAgendaItemSchema } from '#api/pt.ts';
import { addDays } from '#api/vietnam-time.ts';
import { clubs, noticeOutbox, ptBookings, ptContracts, ptPackages, staffActions } from '#gateway/db/schema/index.ts';
import { DEMO_STAFF_PHONE } from '#gateway/db/seed.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { clubTrainers, memberWithPackage, trainerToken, type Trainer } from '#tests/support/pt.ts';
import { staffLogin } from '#tests/support/staff.ts';

// ADR 051: the trainer marks a confirmed session the member did not come to (NO_SHOW): the session
// stays used, the member is told, the day stays taken; and the trainer's agenda by days.
let gw: TestGateway;
let clubId: number;
let packageId: number;
let packageName: { nameVi: string; nameEn: string };
let trainers: Trainer[];
beforeAll(async () => {
  gw = await startTestGateway();
  [{ id: clubId }] = await gw.db
    .select({ id: clubs.id })
    .from(clubs)
    .where(eq(clubs.isActive, true))
    .orderBy(asc(clubs.id))
    .limit(1);
  [{ id: packageId, ...packageName }] = await gw.db
    .select({ id: ptPackages.id, nameVi: ptPackages.nameVi, nameEn: ptPackages.nameEn })
    .from(ptPackages)
    .where(and(eq(ptPackages.clubId, clubId), eq(ptPackages.sessions, 10)));
  trainers = await clubTrainers(gw, clubId);
});
afterAll(() => gw.close());

const screen = async (token: string, query = '') =>
  ptBookingScreenSchema.parse((await gw.call('GET', `/api/v1/member/screens/pt-booking${query}`, { token })).body.data);
const book = (token: string, ptContractId: number, json: { afterMinute: number; date?: string }) =>
  gw.call('POST', `/api/v1/member/pt-contract/${String(ptContractId)}/booking`, { token, json });
const answer = async (trainer: Trainer, bookingId: number, verb: string) =>
  gw.call('PUT', `/api/v1/staff/pt-booking/${String(bookingId)}/${verb}`, { token: await trainerToken(gw, trainer) });
const agenda = async (trainer: Trainer, query = '') =>
  gw.call('GET', `/api/v1/staff/pt/bookings${query}`, { token: await trainerToken(gw, trainer) });
const audited = (id: number) =>
  gw.db
    .select()
    .from(staffActions)
    .where(and(eq(staffActions.subjectType, 'pt-booking'), eq(staffActions.subjectId, id)))
    .orderBy(asc(staffActions.id));

describe('PUT /staff/pt-booking/{id}/no-show (ADR 051)', () => {
  test('the trainer, once a confirmed session started: NO_SHOW, the session stays used, the member told, the day taken; a repeat writes nothing', async () => {
    const m = await memberWithPackage(gw, { clubId, packageId, trainer: trainers[0] });
    const first = await screen(m.token, `?ptContractId=${String(m.ptContractId)}`);
    let day = '';
    let slots: { afterMinute: number }[] = [];
    for (const d of first.days.slice(1)) {
      slots = (await screen(m.token, `?ptContractId=${String(m.ptContractId)}&date=${d}`)).slots;
      if (slots.length >= 2 && slots.at(-1)!.afterMinute - slots[0].afterMinute >= 180) {
        day = d;
        break;
      }
    }
    expect(day).not.toBe('');
    const made = await book(m.token, m.ptContractId, { date: day, afterMinute: slots[0].afterMinute });
    const bookingId = made.body.data.bookingId as number;

    // Not while it waits for the trainer, not before it starts, not by another trainer.
    expect([(await answer(trainers[0], bookingId, 'no-show')).status]).toEqual([409]);
    expect((await answer(trainers[0], bookingId, 'confirm')).body.data.status).toBe('BOOKED');
    const early = await answer(trainers[0], bookingId, 'no-show');
    expect([early.status, early.body.code]).toEqual([409, 2]);
    const [row] = await gw.db.select().from(ptBookings).where(eq(ptBookings.id, bookingId));
    gw.clock.set(new Date(row.startsAt.getTime() + 15 * 60_000));
    expect((await answer(trainers[1], bookingId, 'no-show')).status).toBe(404);
    for (const id of ['abc', '0', '2147483648'])
      expect(
        (await gw.call('PUT', `/api/v1/staff/pt-booking/${id}/no-show`, { token: await trainerToken(gw, trainers[0]) }))
          .status,
        id,
      ).toBe(404);

    const missed = await answer(trainers[0], bookingId, 'no-show');
    expect([missed.status, missed.body.data]).toEqual([200, { bookingId, status: 'NO_SHOW' }]);
    expect((await answer(trainers[0], bookingId, 'no-show')).body.data).toEqual({ bookingId, status: 'NO_SHOW' });
    expect((await audited(bookingId)).map((r) => [r.action, r.actorAccountId, r.clubId, r.before, r.after])).toEqual([
      ['pt-booking.confirm', trainers[0].id, clubId, { status: 'WAITPTCONFIRM' }, { status: 'BOOKED' }],
      ['pt-booking.no-show', trainers[0].id, clubId, { status: 'BOOKED' }, { status: 'NO_SHOW' }],
    ]);

    // Used, not given back; the member's app parses it, can neither cancel nor rate it.
    const [contract] = await gw.db.select().from(ptContracts).where(eq(ptContracts.id, m.ptContractId));
    expect(contract.sessionsUsed).toBe(1);
    const history = await gw.call('GET', '/api/v1/member/booking/history', { token: m.token });
    const mine = ptBookingSchema
      .array()
      .parse(history.body.data)
      .find((b) => b.bookingId === bookingId)!;
    expect(mine).toMatchObject({ status: 'NO_SHOW', canCancel: false, canRate: false });
    expect(
      (
        await gw.call('PUT', `/api/v1/member/booking/${String(bookingId)}/rating`, {
          token: m.token,
          json: { rating: 5 },
        })
      ).body.code,
    ).toBe(459);
    expect((await gw.call('GET', '/api/v1/member/screens/pt-booking', { token: m.token })).status).toBe(200);
    const notices = await gw.db.select().from(noticeOutbox).where(eq(noticeOutbox.accountId, m.accountId));
    expect(notices.filter((n) => n.content.titleEn === 'You missed your session')).toHaveLength(1);

    // The day stays taken (166), like a completed session's; the next day may be booked (not 165).
    const sameDay = slots.find((s) => s.afterMinute >= slots[0].afterMinute + 180)!;
    expect((await book(m.token, m.ptContractId, { date: day, afterMinute: sameDay.afterMinute })).body.code).toBe(166);
    const nextDay = (await screen(m.token, `?ptContractId=${String(m.ptContractId)}&date=${addDays(day, 1)}`)).slots;
    if (nextDay.length > 0)
      expect(
        (await book(m.token, m.ptContractId, { date: addDays(day, 1), afterMinute: nextDay[0].afterMinute })).body.code,
      ).toBe(1033);

    // A no-show marked by mistake may be completed after all (audited); a completed one cannot become a no-show.
    expect((await answer(trainers[0], bookingId, 'complete')).body.data.status).toBe('COMPLETED');
    expect((await answer(trainers[0], bookingId, 'no-show')).status).toBe(409);
    expect((await audited(bookingId)).map((r) => r.action)).toEqual([
      'pt-booking.confirm',
      'pt-booking.no-show',
      'pt-booking.complete',
    ]);
  });
});

describe('GET /staff/pt/bookings?from&to (ADR 051)', () => {
  test("the days asked, both included, with each client's package and sessions left; at most 31 days; bad dates 400", async () => {
    const m = await memberWithPackage(gw, { clubId, packageId, trainer: trainers[2] });
    const first = await screen(m.token, `?ptContractId=${String(m.ptContractId)}`);
    const day = first.days[2];
    const slot = (await screen(m.token, `?ptContractId=${String(m.ptContractId)}&date=${day}`)).slots[0];
    const made = await book(m.token, m.ptContractId, { date: day, afterMinute: slot.afterMinute });
    const bookingId = made.body.data.bookingId as number;

    const items = (res: { body: { data: unknown } }) => trainerAgendaItemSchema.array().parse(res.body.data);
    const today = first.days[0];
    const whole = items(await agenda(trainers[2]));
    const item = whole.find((b) => b.bookingId === bookingId)!;
    expect(item).toMatchObject({
      status: 'WAITPTCONFIRM',
      date: day,
      ptContractId: m.ptContractId,
      freeSessionId: null,
      packageNameVi: packageName.nameVi,
      packageNameEn: packageName.nameEn,
      sessionsLeft: 9,
      member: { phoneNumber: m.phone },
    });
    expect(new Date(item.endsAt).getTime() - new Date(item.startsAt).getTime()).toBe(60 * 60_000);
    expect(items(await agenda(trainers[2], `?from=${day}&to=${day}`)).map((b) => b.bookingId)).toContain(bookingId);
    expect(
      items(await agenda(trainers[2], `?from=${today}&to=${addDays(day, -1)}`)).map((b) => b.bookingId),
    ).not.toContain(bookingId);
    expect(items(await agenda(trainers[2], `?from=${addDays(day, 1)}`)).map((b) => b.bookingId)).not.toContain(
      bookingId,
    );
    expect(items(await agenda(trainers[2], `?to=${day}`)).map((b) => b.bookingId)).toContain(bookingId);
    expect(
      items(await agenda(trainers[2], `?from=${today}&to=${addDays(today, 30)}`)).map((b) => b.bookingId),
    ).toContain(bookingId);
    expect(items(await agenda(trainers[0], `?from=${day}&to=${day}`)).map((b) => b.bookingId)).not.toContain(bookingId);

    for (const query of [
      `?from=${today}&to=${addDays(today, 31)}`,
      `?from=${day}&to=${addDays(day, -1)}`,
      '?from=2026-02-30',
      '?to=2026-13-01',
      '?from=tomorrow',
      '?from=%00',
      `?to=${addDays(today, -1)}`,
    ]) {
      const res = await agenda(trainers[2], query);
      expect([res.status, res.body.code], query).toEqual([400, 2]);
    }
    // The desk has no agenda (403, as before).
    expect(
      (await gw.call('GET', '/api/v1/staff/pt/bookings', { token: await staffLogin(gw, DEMO_STAFF_PHONE) })).status,
    ).toBe(403);
  });
});
