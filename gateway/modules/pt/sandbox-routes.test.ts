import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ptBookingScreenSchema } from '#contract/pt.ts';
import { clubs, ptBookings, ptPackages } from '#gateway/db/schema/index.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { clubTrainers, memberWithPackage, trainerToken } from '#tests/support/pt.ts';

// The sandbox's "the session has begun" for journeys (the trainer completes it, the member rates it).
let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

test('POST /sandbox/pt-booking/{id}/started moves a confirmed session to half an hour ago; the trainer may then complete it', async () => {
  const [{ id: clubId }] = await gw.db.select({ id: clubs.id }).from(clubs).where(eq(clubs.isActive, true)).orderBy(asc(clubs.id)).limit(1);
  const [{ id: packageId }] = await gw.db.select({ id: ptPackages.id }).from(ptPackages).where(and(eq(ptPackages.clubId, clubId), eq(ptPackages.sessions, 10)));
  const [trainer] = await clubTrainers(gw, clubId);
  const member = await memberWithPackage(gw, { clubId, packageId, trainer });
  const { ptContractId } = member;
  const screen = ptBookingScreenSchema.parse((await gw.call('GET', `/api/v1/member/screens/pt-booking?ptContractId=${String(ptContractId)}&date=${(await gw.call('GET', `/api/v1/member/screens/pt-booking?ptContractId=${String(ptContractId)}`, { token: member.token })).body.data.days[2] as string}`, { token: member.token })).body.data);
  const bookingId = (await gw.call('POST', `/api/v1/member/pt-contract/${String(ptContractId)}/booking`, { token: member.token, json: { date: screen.date, afterMinute: screen.slots[0].afterMinute } })).body.data.bookingId as number;

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
