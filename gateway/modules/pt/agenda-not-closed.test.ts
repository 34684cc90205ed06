import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ptBookingScreenSchema, TRAINER_AGENDA_NOT_CLOSED_DAYS, trainerAgendaItemSchema } from '#api/pt.ts';
import { addDays, vietnamInstant } from '#api/vietnam-time.ts';
import { ptBookings } from '#gateway/db/schema/index.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { firstClubPt, memberWithPackage, type Trainer } from '#tests/support/pt.ts';
import { staffLogin } from '#tests/support/staff.ts';

// ADR 051, amended: a confirmed session that started on an earlier day and was never closed shows in
// today's agenda (the 30 days before it), first and marked notClosed, until the trainer closes it.
let gw: TestGateway;
let pt: Awaited<ReturnType<typeof firstClubPt>>;
beforeAll(async () => {
  gw = await startTestGateway();
  pt = await firstClubPt(gw);
});
afterAll(() => gw.close());

/** The trainers' tokens, signed in again after a jump of weeks (a staff token does not last that long). */
let tokens = new Map<number, Promise<string>>();
const tokenOf = (trainer: Trainer) =>
  tokens.get(trainer.id) ?? tokens.set(trainer.id, staffLogin(gw, trainer.phone)).get(trainer.id)!;
const jumpTo = (at: Date) => {
  gw.clock.set(at);
  tokens = new Map();
};
const agenda = async (trainer: Trainer, query = '') =>
  trainerAgendaItemSchema
    .array()
    .parse((await gw.call('GET', `/api/v1/staff/pt/bookings${query}`, { token: await tokenOf(trainer) })).body.data);
const answer = async (trainer: Trainer, bookingId: number, verb: string) =>
  gw.call('PUT', `/api/v1/staff/pt-booking/${String(bookingId)}/${verb}`, { token: await tokenOf(trainer) });

/** A new member of the trainer's books a free start on `day` (`skip` free starts after the first). */
async function bookOn(trainer: Trainer, day: string, skip = 0) {
  const m = await memberWithPackage(gw, { clubId: pt.clubId, packageId: pt.packageId, trainer });
  const screen = ptBookingScreenSchema.parse(
    (
      await gw.call('GET', `/api/v1/member/screens/pt-booking?ptContractId=${String(m.ptContractId)}&date=${day}`, {
        token: m.token,
      })
    ).body.data,
  );
  expect(screen.date).toBe(day);
  const made = await gw.call('POST', `/api/v1/member/pt-contract/${String(m.ptContractId)}/booking`, {
    token: m.token,
    json: { date: day, afterMinute: screen.slots[skip].afterMinute },
  });
  expect(made.status).toBe(200);
  return made.body.data.bookingId as number;
}

test('a confirmed session of an earlier day not closed: first in today’s agenda until completed or missed; not another trainer’s, not after 30 days, not in a range without today', async () => {
  const [trainer, other] = pt.trainers;
  // Three sessions with the trainer on the day after tomorrow: two confirmed, one left waiting.
  jumpTo(vietnamInstant('2026-11-02', 8 * 60));
  const day = '2026-11-04';
  const yesterdays = await bookOn(trainer, day, 0);
  const older = await bookOn(trainer, day, 2);
  const unconfirmed = await bookOn(trainer, day, 4);
  for (const id of [yesterdays, older]) expect((await answer(trainer, id, 'confirm')).body.data.status).toBe('BOOKED');
  // Not before it has started, whatever the day.
  expect((await answer(trainer, yesterdays, 'complete')).status).toBe(409);

  // The next day: today's agenda (day, week, today on) lists both confirmed ones first, marked notClosed; not the waiting one.
  const today = addDays(day, 1);
  jumpTo(vietnamInstant(today, 6 * 60));
  const [moved] = await gw.db
    .select({ startsAt: ptBookings.startsAt })
    .from(ptBookings)
    .where(eq(ptBookings.id, yesterdays));
  expect(moved.startsAt.getTime()).toBeLessThan(gw.clock.now().getTime());
  for (const query of [`?from=${today}&to=${today}`, `?from=${today}&to=${addDays(today, 6)}`, '']) {
    expect(
      (await agenda(trainer, query)).map((b) => [b.bookingId, b.date, b.status, b.notClosed]),
      query,
    ).toEqual([
      [yesterdays, day, 'BOOKED', true],
      [older, day, 'BOOKED', true],
    ]);
  }
  // A range that holds that day lists the waiting one too, in its day, not as one to close.
  expect(
    (await agenda(trainer, `?from=${addDays(today, -2)}&to=${today}`)).map((b) => [b.bookingId, b.notClosed]),
  ).toEqual([
    [yesterdays, true],
    [older, true],
    [unconfirmed, false],
  ]);
  // Never another trainer's; not in a range that leaves today out.
  expect((await agenda(other)).map((b) => b.bookingId)).not.toContain(yesterdays);
  expect((await agenda(other, `?from=${today}&to=${today}`)).map((b) => b.bookingId)).not.toContain(yesterdays);
  expect((await agenda(trainer, `?from=${addDays(today, 1)}&to=${addDays(today, 7)}`)).map((b) => b.bookingId)).toEqual(
    [],
  );

  // Completed: it leaves the group (and today's agenda: its day is not in the range).
  expect((await answer(trainer, yesterdays, 'complete')).body.data).toEqual({
    bookingId: yesterdays,
    status: 'COMPLETED',
  });
  expect((await agenda(trainer, `?from=${today}&to=${today}`)).map((b) => [b.bookingId, b.notClosed])).toEqual([
    [older, true],
  ]);

  // The bound: still listed on the 30th day after, no longer on the 31st (it stays BOOKED, and the trainer may still close it).
  jumpTo(vietnamInstant(addDays(day, TRAINER_AGENDA_NOT_CLOSED_DAYS), 6 * 60));
  expect((await agenda(trainer)).map((b) => b.bookingId)).toEqual([older]);
  jumpTo(vietnamInstant(addDays(day, TRAINER_AGENDA_NOT_CLOSED_DAYS + 1), 6 * 60));
  expect((await agenda(trainer)).map((b) => b.bookingId)).toEqual([]);
  expect((await answer(trainer, older, 'no-show')).body.data).toEqual({ bookingId: older, status: 'NO_SHOW' });
});
