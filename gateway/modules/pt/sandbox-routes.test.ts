import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ptBookingScreenSchema, trainerAgendaItemSchema } from '#contract/pt.ts';
import { vietnamInstant } from '#contract/vietnam-time.ts';
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
  const [{ id: clubId }] = await gw.db.select({ id: clubs.id }).from(clubs).where(eq(clubs.isActive, true)).orderBy(asc(clubs.id)).limit(1);
  const [{ id: packageId }] = await gw.db.select({ id: ptPackages.id }).from(ptPackages).where(and(eq(ptPackages.clubId, clubId), eq(ptPackages.sessions, 10)));
  const [trainer] = await clubTrainers(gw, clubId);
  const member = await memberWithPackage(gw, { clubId, packageId, trainer });
  const { ptContractId } = member;
  const screenOf = async (date?: string) =>
    ptBookingScreenSchema.parse((await gw.call('GET', `/api/v1/member/screens/pt-booking?ptContractId=${String(ptContractId)}${date ? `&date=${date}` : ''}`, { token: member.token })).body.data);
  // The first day from the day after tomorrow on with a free hour of the trainer's.
  let screen = await screenOf();
  for (const day of screen.days.slice(2)) {
    screen = await screenOf(day);
    if (screen.slots.length > 0) break;
  }
  const bookingId = (await gw.call('POST', `/api/v1/member/pt-contract/${String(ptContractId)}/booking`, { token: member.token, json: { date: screen.date, afterMinute: screen.slots[0].afterMinute } })).body.data.bookingId as number;
  return { bookingId, trainer };
}

test('POST /sandbox/pt-booking/{id}/started moves a confirmed session to half an hour ago; the trainer may then complete it', async () => {
  gw.clock.set(vietnamInstant('2026-12-02', 12 * 60));
  const { bookingId, trainer } = await bookedSession();
  // Only a confirmed session moves.
  expect((await gw.call('POST', `/sandbox/pt-booking/${String(bookingId)}/started`)).status).toBe(404);
  await gw.call('PUT', `/api/v1/staff/pt-booking/${String(bookingId)}/confirm`, { token: await trainerToken(gw, trainer) });
  const moved = await gw.call('POST', `/sandbox/pt-booking/${String(bookingId)}/started`);
  expect(moved.status).toBe(200);
  const [row] = await gw.db.select().from(ptBookings).where(eq(ptBookings.id, bookingId));
  expect(row.startsAt.getTime()).toBeLessThanOrEqual(gw.clock.now().getTime() - 30 * 60_000);
  expect(row.endsAt.getTime() - row.startsAt.getTime()).toBeGreaterThan(0);
  expect(row.startEpochMinute * 60_000).toBe(row.startsAt.getTime());
  expect((await gw.call('PUT', `/api/v1/staff/pt-booking/${String(bookingId)}/complete`, { token: await trainerToken(gw, trainer) })).body.data.status).toBe('COMPLETED');
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
  const agenda = trainerAgendaItemSchema.array().parse((await gw.call('GET', '/api/v1/staff/pt/bookings?from=2026-12-04&to=2026-12-04', { token })).body.data);
  expect(agenda.find((b) => b.bookingId === bookingId)).toMatchObject({ status: 'BOOKED', date: '2026-12-03', notClosed: true });
  expect((await gw.call('PUT', `/api/v1/staff/pt-booking/${String(bookingId)}/complete`, { token })).body.data.status).toBe('COMPLETED');
});
