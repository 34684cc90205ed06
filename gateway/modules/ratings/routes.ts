import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { Codes } from '#api/codes.ts';
import { feedbackEndpoints as endpoints } from '#api/endpoints/feedback.ts';
import type { Executor } from '#gateway/db/client.ts';
import { ratingRequests } from '#gateway/db/schema/index.ts';
import { requireAccount } from '#gateway/http/auth.ts';
import type { AppEnv } from '#gateway/http/context.ts';
import { ok } from '#gateway/http/envelope.ts';
import { ApiError, notFound } from '#gateway/http/errors.ts';
import { route } from '#gateway/http/route.ts';
import { idParam } from '#gateway/http/validate.ts';
import { pendingRatings } from './queries.ts';

/** The member's own rating request, locked for this transaction; anyone else's id is 404 (no existence leak). */
async function lockOwnRequest(tx: Executor, accountId: number, id: number) {
  const [row] = await tx
    .select()
    .from(ratingRequests)
    .where(and(eq(ratingRequests.id, id), eq(ratingRequests.accountId, accountId)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** Answered once: a rated request is 460, an ignored one 459 (§8). */
function assertPending(status: 'pending' | 'rated' | 'ignored') {
  if (status === 'rated') throw new ApiError(409, Codes.ALREADY_RATED);
  if (status === 'ignored') throw new ApiError(409, Codes.CANNOT_RATE);
}

/** Issue 16 §2 (ADR 039): rating what was bought, once. */
export function ratingRoutes() {
  const app = new Hono<AppEnv>();
  const member = requireAccount();

  route(app, endpoints.ratings, member, async (c) =>
    ok(c, await pendingRatings(c.get('deps').db, c.get('account').id)),
  );

  route(app, endpoints.rate, member, async (c) => {
    const { db } = c.get('deps');
    const id = idParam(c, 'ratingId');
    const { rate, comment } = c.req.valid('json');
    await db.transaction(async (tx) => {
      assertPending((await lockOwnRequest(tx, c.get('account').id, id)).status);
      await tx
        .update(ratingRequests)
        .set({ status: 'rated', rate, comment: comment ?? null })
        .where(eq(ratingRequests.id, id));
    });
    return ok(c, { id, rate, comment: comment ?? null }, Codes.RATING_SUBMITTED);
  });

  route(app, endpoints.ignoreRating, member, async (c) => {
    const { db } = c.get('deps');
    const id = idParam(c, 'id');
    await db.transaction(async (tx) => {
      assertPending((await lockOwnRequest(tx, c.get('account').id, id)).status);
      await tx.update(ratingRequests).set({ status: 'ignored' }).where(eq(ratingRequests.id, id));
    });
    return ok(c, { id });
  });

  return app;
}
