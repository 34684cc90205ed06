import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { Codes } from '#api/codes.ts';
import { TRAINER_AGENDA_NOT_CLOSED_DAYS } from '#api/pt.ts';
import { addDays, vietnamDay, vietnamInstant, vietnamMinute } from '#api/vietnam-time.ts';
import { ptBookings } from '#gateway/db/schema/index.ts';
import { isExclusionViolation, isUniqueViolation } from '#gateway/db/errors.ts';
import type { AppEnv } from '#gateway/http/context.ts';
import { ok } from '#gateway/http/envelope.ts';
import { ApiError, notFound } from '#gateway/http/errors.ts';
import { idParam, validate } from '#gateway/http/validate.ts';

const MINUTE_MS = 60_000;

/** `?daysAgo=`: a whole number of Vietnam days, 0 (none given) to the agenda's not-closed window. */
const startedQuery = z.object({
  daysAgo: z
    .string()
    .regex(/^\d{1,3}$/)
    .transform(Number)
    .pipe(z.number().int().min(0).max(TRAINER_AGENDA_NOT_CLOSED_DAYS))
    .default(0),
});

/**
 * Sandbox only: `POST /sandbox/pt-booking/{id}/started` moves a confirmed (BOOKED) session so it
 * began half an hour ago (same length), so a journey can have the trainer mark it completed and the
 * member rate it without waiting for the hour. Just after midnight in Vietnam that is the day before:
 * the trainer's agenda of today lists it as not closed yet (ADR 051, amended). With `?daysAgo=N`
 * (0–30; anything else is code 2 and moves nothing) it begins at that time of day N Vietnam days earlier, so a journey
 * finds it in the not-closed group whatever the hour. If the trainer has another session then, it is
 * moved a session's length earlier until it fits (the trainer's no-overlap rule stays enforced).
 */
export function ptSandboxRoutes() {
  const app = new Hono<AppEnv>();
  app.post('/pt-booking/:id/started', validate('query', startedQuery), async (c) => {
    const { db, clock } = c.get('deps');
    const { daysAgo } = c.req.valid('query');
    const id = idParam(c, 'id');
    const [row] = await db.select().from(ptBookings).where(eq(ptBookings.id, id));
    if (!row || row.status !== 'BOOKED') throw notFound();
    const lengthMs = row.endsAt.getTime() - row.startsAt.getTime();
    const halfHourAgo = Math.floor((clock.now().getTime() - 30 * MINUTE_MS) / MINUTE_MS) * MINUTE_MS;
    const latest = vietnamInstant(addDays(vietnamDay(halfHourAgo), -daysAgo), vietnamMinute(halfHourAgo)).getTime();
    for (let attempt = 0; attempt < 8; attempt++) {
      const startsAt = new Date(latest - attempt * lengthMs);
      const endsAt = new Date(startsAt.getTime() + lengthMs);
      try {
        await db
          .update(ptBookings)
          .set({
            day: vietnamDay(startsAt),
            afterMinute: vietnamMinute(startsAt),
            startsAt,
            endsAt,
            startEpochMinute: startsAt.getTime() / MINUTE_MS,
            endEpochMinute: endsAt.getTime() / MINUTE_MS,
          })
          .where(and(eq(ptBookings.id, id), eq(ptBookings.status, 'BOOKED')));
        return ok(c, { bookingId: id, startsAt: startsAt.toISOString() });
      } catch (error) {
        // The member's one-a-day rule: they already have a session today.
        if (isUniqueViolation(error)) throw new ApiError(409, Codes.INVALID_TIME);
        if (!isExclusionViolation(error)) throw error;
      }
    }
    throw new ApiError(409, Codes.INVALID_TIME);
  });
  return app;
}
