import { Hono, type Context } from 'hono';
import { subscriptionEndpoints as endpoints } from '#api/endpoints/subscriptions.ts';
import { route } from '#gateway/http/route.ts';
import { Codes } from '#api/codes.ts';
import { sandboxRunBody } from '#api/subscription.ts';
import { requireAccount } from '#gateway/http/auth.ts';
import type { AppEnv } from '#gateway/http/context.ts';
import { ok } from '#gateway/http/envelope.ts';
import { ApiError } from '#gateway/http/errors.ts';
import { idParam, validate } from '#gateway/http/validate.ts';
import { listCards } from '#gateway/modules/cards/service.ts';
import { findMemberShell } from '#gateway/modules/accounts/queries.ts';
import { runRenewals } from './renewal.ts';
import {
  allowSubscription,
  cancelSubscription,
  currentSubscription,
  sendUpgradeCode,
  startCardChange,
  upgradeToBlackCard,
} from './service.ts';

/** §7 api/subscription, subscription/allow, vnpay/subscription, change-card, black-card/upgrade; the screen read (ADR 038). */
export function subscriptionRoutes() {
  const app = new Hono<AppEnv>();
  const member = requireAccount();

  const current = async (c: Context<AppEnv>) =>
    currentSubscription(c.get('deps').db, c.get('account').id, c.get('deps').clock.now());

  route(app, endpoints.current, member, async (c) => ok(c, await current(c)));

  route(app, endpoints.allow, member, async (c) =>
    ok(c, await allowSubscription(c.get('deps').db, c.get('account').id)),
  );

  route(app, endpoints.vnpay, member, async (c) => {
    const view = await current(c);
    return ok(
      c,
      view
        ? {
            vnpaySubscriptionId: view.id,
            status: view.status,
            card: view.card,
            autoCharge: view.autoCharge,
            cardChangePending: view.cardChangePending,
          }
        : null,
    );
  });

  route(app, endpoints.cancel, member, async (c) => {
    return ok(c, await cancelSubscription(c.get('deps'), c.get('account').id, idParam(c, 'id')));
  });

  route(app, endpoints.changeCard, member, async (c) => {
    const result = await startCardChange(c.get('deps'), {
      accountId: c.get('account').id,
      id: idParam(c, 'id'),
      body: c.req.valid('json'),
      clientIp: c.get('clientIp'),
    });
    return ok(c, result);
  });

  route(app, endpoints.upgradeOtp, member, async (c) => {
    const sent = await sendUpgradeCode(c.get('deps'), {
      accountId: c.get('account').id,
      id: idParam(c, 'id'),
      clientIp: c.get('clientIp'),
      lang: c.get('lang'),
    });
    return ok(c, sent, Codes.OTP_SENT);
  });

  route(app, endpoints.upgrade, member, async (c) => {
    const view = await upgradeToBlackCard(c.get('deps'), {
      accountId: c.get('account').id,
      id: idParam(c, 'id'),
      otpCode: c.req.valid('json').otpCode,
    });
    return ok(c, view, Codes.BLACK_CARD_UPGRADED);
  });

  // The three subscription pages (your plan, verify-upgrade, subscription-card) in one read.
  route(app, endpoints.screen, member, async (c) => {
    const { db, clock } = c.get('deps');
    const accountId = c.get('account').id;
    const [shell, subscription, allow, cards] = await Promise.all([
      findMemberShell(db, accountId, clock.now()),
      current(c),
      allowSubscription(db, accountId),
      listCards(db, accountId),
    ]);
    if (!shell) throw new ApiError(401, Codes.SESSION_EXPIRED);
    return ok(c, { shell, subscription, allow, cards });
  });

  return app;
}

/** Sandbox only: the test clock. Runs the renewal job as of an instant (default now), as the server's timer would then. */
export function subscriptionSandboxRoutes() {
  const app = new Hono<AppEnv>();
  app.post('/subscriptions/run', validate('json', sandboxRunBody), async (c) => {
    const deps = c.get('deps');
    const { at } = c.req.valid('json');
    return ok(c, await runRenewals(deps, at ? new Date(at) : deps.clock.now()));
  });
  return app;
}
