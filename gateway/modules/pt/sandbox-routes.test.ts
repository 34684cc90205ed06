import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Codes } from '#api/codes.ts';
import { ptBookingScreenSchema, trainerAgendaItemSchema } from '#api/pt.ts';
import { addDays, vietnamInstant } from '#api/vietnam-time.ts';
import { clubs, ptBookings, ptPackages } from '#gateway/db/schema/index.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { clubTrainers, memberWithPackage, trainerToken } from '#tests/support/pt.ts';

// The sandbox's "the session has begun" for journeys (the trainer completes it, the member rates it).
let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

/** A member's PT session, booked two days ahead on the member's screen; the trainer's token. */
async function bookedSession() {
  const [{ id: clubId }] = await gw.db
    .select({ id: clubs.id })
    .from(clubs)
    .where(eq(clubs.isActive, true))
    .orderBy(asc(clubs.id))
    .limit(1);
  const [{ id: packageId }] = await gw.db
    .select({ id: ptPackages.id })
    .from(ptPackages)
    .where(and(eq(ptPackages.clubId, clubId), eq(ptPackages.sessions, 10)));
  const [trainer] = await clubTrainers(gw, clubId);
  const member = await memberWithPackage(gw, { clubId, packageId, trainer });
  const { ptContractId } = member;
  const screenOf = async (date?: string) =>
    ptBookingScreenSchema.parse(
      (
        await gw.call(
          'GET',
          `/api/v1/member/screens/pt-booking?ptContractId=${String(ptContractId)}${date ? `&date=${date}` : ''}`,
          { token: member.token },
        )
      ).body.data,
    );
  // The first day from the day after tomorrow on with a free hour of the trainer's.
  let screen = await screenOf();
  for (const day of screen.days.slice(2)) {
    screen = await screenOf(day);
    if (screen.slots.length > 0) break;
  }
  const bookingId = (
    await gw.call('POST', `/api/v1/member/pt-contract/${String(ptContractId)}/booking`, {
      token: member.token,
      json: { date: screen.date, afterMinute: screen.slots[0].afterMinute },
    })
  ).body.data.bookingId as number;
  return { bookingId, trainer };
}

test('POST /sandbox/pt-booking/{id}/started moves a confirmed session to half an hour ago; the trainer may then complete it', async () => {
  gw.clock.set(vietnamInstant('2026-12-02', 12 * 60));
  const { bookingId, trainer } = await bookedSession();
  // Only a confirmed session moves.
  expect((await gw.call('POST', `/sandbox/pt-booking/${String(bookingId)}/started`)).status).toBe(404);
  await gw.call('PUT', `/api/v1/staff/pt-booking/${String(bookingId)}/confirm`, {
    token: await trainerToken(gw, trainer),
  });
  const moved = await gw.call('POST', `/sandbox/pt-booking/${String(bookingId)}/started`);
  expect(moved.status).toBe(200);
  const [row] = await gw.db.select().from(ptBookings).where(eq(ptBookings.id, bookingId));
  expect(row.startsAt.getTime()).toBeLessThanOrEqual(gw.clock.now().getTime() - 30 * 60_000);
  expect(row.endsAt.getTime() - row.startsAt.getTime()).toBeGreaterThan(0);
  expect(row.startEpochMinute * 60_000).toBe(row.startsAt.getTime());
  expect(
    (
      await gw.call('PUT', `/api/v1/staff/pt-booking/${String(bookingId)}/complete`, {
        token: await trainerToken(gw, trainer),
      })
    ).body.data.status,
  ).toBe('COMPLETED');
  expect((await gw.call('POST', '/sandbox/pt-booking/not-an-id/started')).status).toBe(404);
});

test('at 00:10 in Vietnam the session begins at 23:40 the day before, and today’s agenda lists it as not closed yet', async () => {
  gw.clock.set(vietnamInstant('2026-12-04', 10));
  const { bookingId, trainer } = await bookedSession();
  const token = await trainerToken(gw, trainer);
  await gw.call('PUT', `/api/v1/staff/pt-booking/${String(bookingId)}/confirm`, { token });
  const moved = await gw.call('POST', `/sandbox/pt-booking/${String(bookingId)}/started`);
  expect(moved.body.data.startsAt).toBe(vietnamInstant('2026-12-03', 23 * 60 + 40).toISOString());
  const [row] = await gw.db.select().from(ptBookings).where(eq(ptBookings.id, bookingId));
  expect([row.day, row.afterMinute]).toEqual(['2026-12-03', 23 * 60 + 40]);
  const agenda = trainerAgendaItemSchema
    .array()
    .parse((await gw.call('GET', '/api/v1/staff/pt/bookings?from=2026-12-04&to=2026-12-04', { token })).body.data);
  expect(agenda.find((b) => b.bookingId === bookingId)).toMatchObject({
    status: 'BOOKED',
    date: '2026-12-03',
    notClosed: true,
  });
  expect(
    (await gw.call('PUT', `/api/v1/staff/pt-booking/${String(bookingId)}/complete`, { token })).body.data.status,
  ).toBe('COMPLETED');
});

test('with ?daysAgo= (0–30) the session begins at that time of day N Vietnam days earlier; a bad value is refused with code 2 and moves nothing', async () => {
  gw.clock.set(vietnamInstant('2026-12-10', 12 * 60));
  const { bookingId, trainer } = await bookedSession();
  const token = await trainerToken(gw, trainer);
  await gw.call('PUT', `/api/v1/staff/pt-booking/${String(bookingId)}/confirm`, { token });
  const started = `/sandbox/pt-booking/${String(bookingId)}/started`;
  const [before] = await gw.db.select().from(ptBookings).where(eq(ptBookings.id, bookingId));
  const refusals = [
    ...['-1', '31', '1.5', '1e1', 'x', '', '0x1', '9007199254740991', '1&daysAgo=2'].map((value) =>
      gw.call('POST', `${started}?daysAgo=${value === '1&daysAgo=2' ? value : encodeURIComponent(value)}`),
    ),
  ];
  expect((await Promise.all(refusals)).map((refused) => [refused.status, refused.body.code])).toEqual(
    refusals.map(() => [400, Codes.VALIDATION]),
  );
  const [unmoved] = await gw.db.select().from(ptBookings).where(eq(ptBookings.id, bookingId));
  expect(unmoved.startsAt).toEqual(before.startsAt);

  // The window's far edge, by query: 30 days before today, still listed as not closed.
  const far = await gw.call('POST', `${started}?daysAgo=30`);
  expect(far.body.data.startsAt).toBe(vietnamInstant(addDays('2026-12-10', -30), 11 * 60 + 30).toISOString());
  const listed = async () =>
    trainerAgendaItemSchema
      .array()
      .parse((await gw.call('GET', '/api/v1/staff/pt/bookings?from=2026-12-10&to=2026-12-10', { token })).body.data);
  expect((await listed()).find((b) => b.bookingId === bookingId)).toMatchObject({
    date: '2026-11-10',
    notClosed: true,
  });

  // Yesterday: the same time of day, the row's day and minute with it.
  const yesterday = await gw.call('POST', `${started}?daysAgo=1`);
  expect(yesterday.body.data.startsAt).toBe(vietnamInstant('2026-12-09', 11 * 60 + 30).toISOString());
  const [row] = await gw.db.select().from(ptBookings).where(eq(ptBookings.id, bookingId));
  expect([
    row.day,
    row.afterMinute,
    row.startEpochMinute * 60_000,
    row.endsAt.getTime() - row.startsAt.getTime(),
  ]).toEqual(['2026-12-09', 11 * 60 + 30, row.startsAt.getTime(), before.endsAt.getTime() - before.startsAt.getTime()]);
  expect((await listed()).find((b) => b.bookingId === bookingId)).toMatchObject({
    date: '2026-12-09',
    notClosed: true,
  });
  expect(
    (await gw.call('PUT', `/api/v1/staff/pt-booking/${String(bookingId)}/complete`, { token })).body.data.status,
  ).toBe('COMPLETED');
});
