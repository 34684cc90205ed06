import { randomUUID } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { Codes, messageForCode, type Lang } from '#api/codes.ts';
import { authRoutes } from '#gateway/modules/auth/routes.ts';
import { cardRoutes } from '#gateway/modules/cards/routes.ts';
import { clubRoutes } from '#gateway/modules/clubs/routes.ts';
import { contentRoutes } from '#gateway/modules/content/routes.ts';
import { contractRoutes } from '#gateway/modules/memberships/routes.ts';
import { generalRoutes } from '#gateway/modules/general/routes.ts';
import { freezeRoutes, freezeSandboxRoutes } from '#gateway/modules/freezes/routes.ts';
import { giftRoutes } from '#gateway/modules/gifts/routes.ts';
import { referralRoutes, referralSandboxRoutes } from '#gateway/modules/referrals/routes.ts';
import { mediaRoutes } from '#gateway/modules/media/routes.ts';
import { memberRoutes } from '#gateway/modules/members/routes.ts';
import { notificationRoutes } from '#gateway/modules/notifications/routes.ts';
import { bankWebhookRoutes } from '#gateway/modules/payments/bank-routes.ts';
import { planRoutes } from '#gateway/modules/plans/routes.ts';
import { vnpayRoutes } from '#gateway/modules/payments/vnpay-routes.ts';
import { sandboxRoutes } from '#gateway/modules/sandbox/routes.ts';
import { ptSandboxRoutes } from '#gateway/modules/pt/sandbox-routes.ts';
import { staffRoutes } from '#gateway/modules/staff/routes.ts';
import { settingsRoutes } from '#gateway/modules/staff/settings-routes.ts';
import { staffPeopleRoutes } from '#gateway/modules/staff/notify-routes.ts';
import { subscriptionRoutes, subscriptionSandboxRoutes } from '#gateway/modules/subscriptions/routes.ts';
import { classRoutes } from '#gateway/modules/classes/routes.ts';
import { checkInRoutes } from '#gateway/modules/check-in/routes.ts';
import { feedbackRoutes } from '#gateway/modules/feedback/routes.ts';
import { ratingRoutes } from '#gateway/modules/ratings/routes.ts';
import { identityRoutes } from '#gateway/modules/identity/routes.ts';
import { inbodyRoutes } from '#gateway/modules/inbody/routes.ts';
import { ptRoutes, trainerRoutes } from '#gateway/modules/pt/routes.ts';
import { workoutRoutes } from '#gateway/modules/workouts/routes.ts';
import type { AppEnv, Deps } from './context.ts';
import { isDatabaseUnavailable } from '#gateway/db/unavailable.ts';
import { mountMetrics, recordRequest } from '#gateway/metrics.ts';
import { registerPayableKinds } from '#gateway/payables.ts';
import { ApiError } from './errors.ts';
import { fromWebServer, INTERNAL_SECRET_HEADER } from './internal.ts';
import { openApiDocument } from './openapi.ts';
import { refuseUnstorableText } from './unstorable.ts';
import { WARM_UP_REQUEST_ID } from './warm-up.ts';

const langOf = (header: string | undefined): Lang => (header?.trim().toLowerCase().startsWith('en') ? 'en' : 'vi');

/** The socket's peer; requests made in-process (tests) have none. */
function socketAddress(c: Context<AppEnv>) {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/** The member's address as the web server saw it, believed only from the web server (issue 9); else the socket's. */
function clientIpOf(c: Context<AppEnv>, deps: Deps) {
  const forwarded = fromWebServer(c.req.header(INTERNAL_SECRET_HEADER), deps.config.GATEWAY_INTERNAL_SECRET)
    ? c.req.header(deps.config.CLIENT_IP_HEADER)?.split(',')[0]?.trim()
    : undefined;
  return forwarded || socketAddress(c) || 'unknown';
}

/** The whole /api/v1 contract as one Hono app; the server and the tests both build it here. */
export function createGatewayApp(deps: Deps) {
  registerPayableKinds();
  const app = new Hono<AppEnv>();

  app.use(async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    c.set('deps', deps);
    c.set('requestId', requestId);
    c.set('lang', langOf(c.req.header('accept-language')));
    c.set('clientIp', clientIpOf(c, deps));
    const started = performance.now();
    await next();
    c.header('x-request-id', requestId);
    if (!c.res.headers.has('cache-control')) c.header('cache-control', 'no-store');
    c.header('x-content-type-options', 'nosniff');
    // Draining: the client (the load balancer's pool, the web server's agent) opens its next request elsewhere.
    if (deps.draining?.()) c.header('connection', 'close');
    if (requestId === WARM_UP_REQUEST_ID) return;
    const ms = performance.now() - started;
    recordRequest(c, ms / 1000);
    deps.logger.info(
      { requestId, method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(ms) },
      'request',
    );
  });

  // JSON bodies are small; only uploads (which set their own limit) may be larger.
  const jsonLimit = bodyLimit({
    maxSize: 64 * 1024,
    onError: () => {
      throw new ApiError(413, Codes.VALIDATION);
    },
  });
  app.use('/api/*', (c, next) =>
    c.req.header('content-type')?.startsWith('multipart/') ? next() : jsonLimit(c, next),
  );
  app.use(refuseUnstorableText());

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    // A replica that is stopping (SIGTERM) says so first, so the load balancer routes around it (ADR 053).
    if (deps.draining?.()) return c.json({ status: 'draining' }, 503);
    // Not before the first requests' code and statements are prepared (ADR 068).
    if (deps.warm && !deps.warm()) return c.json({ status: 'warming' }, 503);
    try {
      await deps.db.execute('select 1');
      return c.json({ status: 'ready' });
    } catch (error) {
      deps.logger.error({ err: error }, 'database not reachable');
      return c.json({ status: 'database unreachable' }, 503);
    }
  });
  mountMetrics(app, deps);
  app.get('/api/v1/openapi.json', (c) => c.json(openApiDocument()));

  app.route('/', authRoutes());
  app.route('/', memberRoutes());
  app.route('/', notificationRoutes());
  app.route('/', giftRoutes());
  app.route('/', referralRoutes());
  app.route('/', planRoutes());
  app.route('/', contractRoutes());
  app.route('/', generalRoutes());
  app.route('/', contentRoutes());
  app.route('/', clubRoutes());
  app.route('/', mediaRoutes());
  app.route('/', bankWebhookRoutes());
  app.route('/', staffRoutes());
  app.route('/', settingsRoutes());
  app.route('/', staffPeopleRoutes());
  app.route('/', trainerRoutes());
  app.route('/', checkInRoutes());
  app.route('/', classRoutes());
  app.route('/', freezeRoutes());
  app.route('/', cardRoutes());
  app.route('/', subscriptionRoutes());
  app.route('/', feedbackRoutes());
  app.route('/', ratingRoutes());
  app.route('/', identityRoutes());
  app.route('/', workoutRoutes());
  app.route('/', inbodyRoutes());
  app.route('/', ptRoutes());
  app.route('/', vnpayRoutes());
  if (deps.config.SANDBOX) app.route('/sandbox', sandboxRoutes());
  if (deps.config.SANDBOX) app.route('/sandbox', referralSandboxRoutes());
  if (deps.config.SANDBOX) app.route('/sandbox', subscriptionSandboxRoutes());
  if (deps.config.SANDBOX) app.route('/sandbox', freezeSandboxRoutes());
  if (deps.config.SANDBOX) app.route('/sandbox', ptSandboxRoutes());

  app.notFound((c) => {
    const lang = c.get('lang') ?? 'vi';
    return c.json({ code: Codes.NOT_FOUND, message: messageForCode(Codes.NOT_FOUND, lang) }, 404);
  });

  app.onError((error, c) => {
    const lang = c.get('lang') ?? 'vi';
    if (error instanceof ApiError) {
      if (error.code === Codes.SESSION_EXPIRED) c.header('www-authenticate', 'Bearer');
      // A limit that says when to come back says it in the HTTP way too (ADR 066).
      const retryAfter = (error.data as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
      if (error.status === 429 && typeof retryAfter === 'number') c.header('retry-after', String(retryAfter));
      return c.json(
        {
          code: error.code,
          message: messageForCode(error.code, lang, error.description),
          data: error.data,
          description: error.description,
        },
        error.status,
      );
    }
    if (error instanceof HTTPException && error.status < 500) {
      // Hono's own refusals: malformed JSON, unreadable form bodies and the like.
      const code = error.status === 413 ? Codes.FILE_TOO_LARGE : Codes.VALIDATION;
      return c.json({ code, message: messageForCode(code, lang) }, error.status === 413 ? 413 : 400);
    }
    if (isDatabaseUnavailable(error)) {
      // A restart or failover: temporary, the pool reconnects on the next request (ADR 015).
      deps.logger.warn({ err: error, requestId: c.get('requestId') }, 'database unavailable');
      c.header('retry-after', '2');
      return c.json(
        { code: Codes.SYSTEM_ERROR, message: messageForCode(Codes.SYSTEM_ERROR, lang), requestId: c.get('requestId') },
        503,
      );
    }
    deps.logger.error({ err: error, requestId: c.get('requestId') }, 'unhandled error');
    return c.json(
      { code: Codes.SYSTEM_ERROR, message: messageForCode(Codes.SYSTEM_ERROR, lang), requestId: c.get('requestId') },
      500,
    );
  });

  return app;
}

export type GatewayApp = ReturnType<typeof createGatewayApp>;
