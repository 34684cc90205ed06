import { and, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { Codes } from '#contract/codes.ts';
import { TRAINER_AGENDA_NOT_CLOSED_DAYS } from '#contract/pt.ts';
import { addDays, vietnamDay, vietnamInstant, vietnamMinute } from '#contract/vietnam-time.ts';
import { ptBookings } from '#gateway/db/schema/index.ts';
import { isExclusionViolation, isUniqueViolation } from '#gateway/db/errors.ts';
import type { AppEnv } from '#gateway/http/context.ts';
import { ok } from '#gateway/http/envelope.ts';
import { ApiError, notFound, validationError } from '#gateway/http/errors.ts';
import { idParam } from '#gateway/http/validate.ts';

const MINUTE_MS = 60_000;

/** `daysAgo`: a whole number of Vietnam days, 0 to the agenda's not-closed window. */
const daysAgoSchema = z.number().int().min(0).max(TRAINER_AGENDA_NOT_CLOSED_DAYS);
/** A query's is digits; a JSON body's is a number (none: 0). */
const daysAgoQuery = z.object({ daysAgo: z.string().regex(/^\d{1,3}$/).transform(Number).pipe(daysAgoSchema) });
const daysAgoBody = z.object({ daysAgo: daysAgoSchema.default(0) });

/** `?daysAgo=` if given, else the JSON body's; anything else is code 2, never a 500. */
async function readDaysAgo(c: Context<AppEnv>) {
  const query = c.req.query('daysAgo');
  let parsed;
  if (query !== undefined) parsed = daysAgoQuery.safeParse({ daysAgo: query });
  else {
    const text = await c.req.text();
    let raw: unknown;
    try {
      raw = text.trim() === '' ? {} : (JSON.parse(text) as unknown);
    } catch {
      throw new ApiError(400, Codes.VALIDATION);
    }
    parsed = daysAgoBody.safeParse(raw);
  }
  if (!parsed.success) throw validationError(parsed.error, c.get('lang'));
  return parsed.data.daysAgo;
}

/**
 * Sandbox only: `POST /sandbox/pt-booking/{id}/started` moves a confirmed (BOOKED) session so it
 * began half an hour ago (same length), so a journey can have the trainer mark it completed and the
 * member rate it without waiting for the hour. Just after midnight in Vietnam that is the day before:
 * the trainer's agenda of today lists it as not closed yet (ADR 051, amended). With `daysAgo` N
 * (0–30, a query or a JSON body) it begins at that time of day N Vietnam days earlier, so a journey
 * finds it in the not-closed group whatever the hour. If the trainer has another session then, it is
 * moved a session's length earlier until it fits (the trainer's no-overlap rule stays enforced).
 */
export function ptSandboxRoutes() {
  const app = new Hono<AppEnv>();
  app.post('/pt-booking/:id/started', async (c) => {
    const { db, clock } = c.get('deps');
    const daysAgo = await readDaysAgo(c);
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
