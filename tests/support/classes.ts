import { eq } from 'drizzle-orm';
import { classSchedules, classSessions } from '#gateway/db/schema/index.ts';
import type { TestGateway } from './gateway.ts';

const HOUR = 3_600_000;

/**
 * A one-off class of the club's first weekly schedule (its class, instructor and room), an hour
 * long, starting `startsIn` ms from the gateway's now (negative: already begun).
 */
export async function classSessionIn(gw: TestGateway, clubId: number, startsIn: number, capacity = 10) {
  const [schedule] = await gw.db.select().from(classSchedules).where(eq(classSchedules.clubId, clubId)).limit(1);
  const startsAt = new Date(gw.clock.now().getTime() + startsIn);
  const [row] = await gw.db
    .insert(classSessions)
    .values({
      clubId,
      classTypeId: schedule.classTypeId,
      instructorAccountId: schedule.instructorAccountId,
      roomId: schedule.roomId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + HOUR),
      capacity,
    })
    .returning();
  return row;
}
