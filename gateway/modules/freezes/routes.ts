import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { freezeEndpoints as endpoints } from '#api/endpoints/freezes.ts';
import { route } from '#gateway/http/route.ts';
import { Codes } from '#api/codes.ts';
import { FREEZE_EARLIEST_START_DAYS, FREEZE_LATEST_START_DAYS, freezeChoiceSchema } from '#api/freeze.ts';
import { addDays, vietnamDay } from '#api/vietnam-time.ts';
import { requireAccount } from '#gateway/http/auth.ts';
import type { AppEnv } from '#gateway/http/context.ts';
import { ok } from '#gateway/http/envelope.ts';
import { ApiError } from '#gateway/http/errors.ts';
import { idParam } from '#gateway/http/validate.ts';
import { purchaseContext } from '#gateway/modules/payments/choice.ts';
import { findMemberShell } from '#gateway/modules/accounts/queries.ts';
import { deliverNoticesNow } from '#gateway/modules/notifications/service.ts';
import { freezeContracts } from '#gateway/db/schema/index.ts';
import { expireStalePayments } from '#gateway/modules/payments/settle.ts';
import {
  cancelFreeze,
  currentMembershipId,
  freezeDetail,
  freezeScreen,
  listFreezeOptions,
  listFreezes,
  payFreeze,
  previewFreeze,
  requestFreeze,
  unfreeze,
} from './service.ts';

const freezeId = (c: Context<AppEnv>) => idParam(c, 'id', () => new ApiError(404, Codes.FREEZE_NOT_FOUND));

/** The shell beside a screen's data (issue 18: one round trip per page). */
async function withShell<T>(c: Context<AppEnv>, data: Promise<T>) {
  const { db, clock } = c.get('deps');
  const [shell, screen] = await Promise.all([findMemberShell(db, c.get('account').id, clock.now()), data]);
  if (!shell) throw new ApiError(401, Codes.SESSION_EXPIRED);
  return { shell, freeze: screen };
}

/** Issue 12 §1 (ADR 036): freeze durations and prices, the preview, asking, paying, cancelling and ending a freeze. */
export function freezeRoutes() {
  const app = new Hono<AppEnv>();
  const member = requireAccount();

  route(app, endpoints.prices, async (c) => ok(c, await listFreezeOptions(c.get('deps').db)));

  route(app, endpoints.durations, async (c) => {
    const options = await listFreezeOptions(c.get('deps').db);
    return ok(c, {
      durations: options.map((o) => o.days),
      earliestStartDays: FREEZE_EARLIEST_START_DAYS,
      latestStartDays: FREEZE_LATEST_START_DAYS,
    });
  });

  route(app, endpoints.list, member, async (c) => {
    const { db, clock } = c.get('deps');
    await expireStalePayments(db, clock.now(), c.get('account').id);
    return ok(c, await listFreezes(db, c.get('account').id, clock.now()));
  });

  route(app, endpoints.detail, member, async (c) => {
    const id = freezeId(c);
    const { db, clock } = c.get('deps');
    await expireStalePayments(db, clock.now(), c.get('account').id);
    return ok(c, await freezeDetail(db, c.get('account').id, id, clock.now()));
  });

  route(app, endpoints.preview, member, async (c) => {
    const { db, clock } = c.get('deps');
    return ok(c, await previewFreeze(db, c.get('account').id, idParam(c, 'id'), c.req.valid('query'), clock.now()));
  });

  route(app, endpoints.request, member, async (c) => {
    const result = await requestFreeze(purchaseContext(c), idParam(c, 'id'), c.req.valid('json'));
    // A free duration settles inside the request, which queued its notice (ADR 016).
    if (result.freeze.paidAt) await deliverNoticesNow(c.get('deps'));
    return ok(c, result, Codes.FREEZE_REQUESTED);
  });

  route(app, endpoints.pay, member, async (c) => {
    const body = c.req.valid('json');
    return ok(
      c,
      await payFreeze(purchaseContext(c), freezeId(c), {
        method: body.paymentMethodGroupId,
        savedCardId: body.savedCardId,
      }),
      Codes.FREEZE_REQUESTED,
    );
  });

  route(app, endpoints.cancel, member, async (c) => ok(c, await cancelFreeze(purchaseContext(c), freezeId(c))));

  route(app, endpoints.unfreeze, member, async (c) => {
    const result = await unfreeze(purchaseContext(c), freezeId(c));
    await deliverNoticesNow(c.get('deps'));
    return ok(c, result, Codes.UNFROZEN);
  });

  // The freeze screen (/membership/freeze/payment): the rules, the durations and the preview of the query's choice.
  route(app, endpoints.screen, member, async (c) => {
    const { db, clock } = c.get('deps');
    const query = c.req.valid('query');
    const parsed = freezeChoiceSchema.safeParse(query);
    const choice = query.days && query.startDate && parsed.success ? parsed.data : null;
    // `current`: the membership the home card shows (the one a member means by "freeze my membership").
    const accountId = c.get('account').id;
    const contractId =
      c.req.param('contractId') === 'current'
        ? await currentMembershipId(db, accountId, clock.now())
        : idParam(c, 'contractId');
    if (contractId === null) throw new ApiError(404, Codes.NOT_FOUND);
    return ok(c, await withShell(c, freezeScreen(db, accountId, contractId, choice, clock.now())));
  });

  // The freeze's result page and its history page.
  route(app, endpoints.detailScreen, member, async (c) => {
    const id = freezeId(c);
    const { db, clock } = c.get('deps');
    await expireStalePayments(db, clock.now(), c.get('account').id);
    return ok(c, await withShell(c, freezeDetail(db, c.get('account').id, id, clock.now())));
  });

  return app;
}

/**
 * Sandbox only: `POST /sandbox/freeze/{id}/began-yesterday` moves a paid freeze that has not begun
 * so it began yesterday (same length; the membership's end, already moved by its days, stays), so
 * a journey can see "frozen until" and end it without waiting for tomorrow.
 */
export function freezeSandboxRoutes() {
  const app = new Hono<AppEnv>();
  app.post('/freeze/:id/began-yesterday', async (c) => {
    const { db, clock } = c.get('deps');
    const id = freezeId(c);
    const [row] = await db.select().from(freezeContracts).where(eq(freezeContracts.id, id));
    if (!row || row.paymentState !== 'PAID' || row.unfrozenAt !== null) throw new ApiError(404, Codes.FREEZE_NOT_FOUND);
    const start = addDays(vietnamDay(clock.now()), -1);
    await db
      .update(freezeContracts)
      .set({ startDate: start, endDate: addDays(start, row.days - 1) })
      .where(eq(freezeContracts.id, id));
    return ok(c, { freezeContractId: id, startDate: start });
  });
  return app;
}
