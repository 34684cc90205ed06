import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { classSessions, clubs } from '#gateway/db/schema/index.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';

// The sandbox's one-off classes for journeys: made to start in N minutes, and moved later (time passing).
let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

test('POST /sandbox/class-session/{id}/move starts a class N minutes from now, the same length', async () => {
  const [{ id: clubId }] = await gw.db.select({ id: clubs.id }).from(clubs).orderBy(asc(clubs.id)).limit(1);
  const made = await gw.call('POST', '/sandbox/class-session', { json: { clubId, startsInMinutes: 120, capacity: 5 } });
  const id = made.body.data.id as number;
  const [before] = await gw.db.select().from(classSessions).where(eq(classSessions.id, id));
  const moved = await gw.call('POST', `/sandbox/class-session/${String(id)}/move`, { json: { startsInMinutes: -5 } });
  expect(moved.status).toBe(200);
  const [after] = await gw.db.select().from(classSessions).where(eq(classSessions.id, id));
  expect(after.startsAt.getTime()).toBe(gw.clock.now().getTime() - 5 * 60_000);
  expect(after.endsAt.getTime() - after.startsAt.getTime()).toBe(before.endsAt.getTime() - before.startsAt.getTime());
  expect(
    (await gw.call('POST', '/sandbox/class-session/999999999/move', { json: { startsInMinutes: 0 } })).status,
  ).toBe(404);
  expect(
    (await gw.call('POST', `/sandbox/class-session/${String(id)}/move`, { json: { startsInMinutes: 'soon' } })).status,
  ).toBe(400);
});
